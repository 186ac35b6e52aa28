#include "pass.h"
Task use_b() { co_await early(2); co_await late(3); }
