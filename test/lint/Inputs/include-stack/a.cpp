#include "pass.h"
Task use_a() { co_await early(1); }
