#===- cmake/EmbedFile.cmake - A file's bytes as a C++ array -----------------===#
# cmake -DIN=file -DOUT=file.cpp -DNAME=symbol -P EmbedFile.cmake writes
# `coroscope::NAME[]` and `coroscope::NAME##Size` (bytes) into OUT.
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" digits)
math(EXPR bytes "${digits} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," array "${hex}")
file(WRITE "${OUT}" "// Generated from ${IN} by cmake/EmbedFile.cmake.\n#include <cstddef>\nnamespace coroscope {\nextern const unsigned char ${NAME}[];\nextern const size_t ${NAME}Size;\nalignas(8) const unsigned char ${NAME}[] = {${array}};\nconst size_t ${NAME}Size = ${bytes};\n}\n")
