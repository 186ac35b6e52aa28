// The executable of a program whose code is all in a shared library: the
// library's main, renamed example_main (objcopy --redefine-sym), does the work.
extern "C" int example_main(int argc, char **argv);
int main(int argc, char **argv) { return example_main(argc, argv); }
