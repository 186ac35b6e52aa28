//===- log/json_file.cpp - JSON inputs other than logs --------------------===//
#include "log/json_file.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <vector>

namespace coroscope::analyzer {

nlohmann::ordered_json readJsonObject(const std::string &path) {
  struct stat st;
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw JsonInputError(path, "not a regular file");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    throw JsonInputError(path, std::string("cannot open: ") + std::strerror(errno));
  std::ostringstream text;
  text << in.rdbuf();
  nlohmann::ordered_json j;
  // nlohmann keeps the last of two equal keys; a budget's second entry for a
  // function would then silently replace the first. The keys seen so far in
  // each object being parsed, innermost last.
  std::vector<std::set<std::string>> open_objects;
  auto refuse_duplicates = [&](int, nlohmann::ordered_json::parse_event_t event,
                               nlohmann::ordered_json &parsed) {
    using Event = nlohmann::ordered_json::parse_event_t;
    if (event == Event::object_start)
      open_objects.emplace_back();
    else if (event == Event::object_end)
      open_objects.pop_back();
    else if (event == Event::key && !open_objects.back().insert(parsed.get<std::string>()).second)
      throw JsonInputError(path, "duplicate key \"" + parsed.get<std::string>() + "\"");
    return true;
  };
  try {
    j = nlohmann::ordered_json::parse(text.str(), refuse_duplicates);
  } catch (const nlohmann::json::exception &e) {
    // Syntax errors, and valid JSON nlohmann cannot hold (a number beyond
    // double's range: out_of_range.406). Drop nlohmann's
    // "[json.exception.parse_error.101] " tag.
    std::string what = e.what();
    size_t tag = what.find("] ");
    bool syntax = dynamic_cast<const nlohmann::json::parse_error *>(&e) != nullptr;
    throw JsonInputError(path, (syntax ? "not valid JSON: " : "unusable JSON: ") +
                                   (tag == std::string::npos ? what : what.substr(tag + 2)));
  }
  if (!j.is_object())
    throw JsonInputError(path, "expected a JSON object, found " + jsonTypeName(j));
  return j;
}

std::string jsonTypeName(const nlohmann::ordered_json &j) {
  if (j.is_number())
    return "a number";
  if (j.is_null())
    return "null";
  if (j.is_boolean())
    return "a boolean";
  if (j.is_string())
    return "a string";
  if (j.is_array())
    return "an array";
  return "an object";
}

} // namespace coroscope::analyzer
