#include <cstdio>
extern int counter;
void bump();
int main() {
  bump();
  std::printf("counter=%d\n", counter);
}
