#!/usr/bin/env python3
"""check_sarif.py - check the shape of `coroscope lint --format sarif`.

Usage: check_sarif.py SARIF_FILE EXPECTED_RESULTS

Not a full SARIF 2.1.0 schema validation (no schema library is assumed):
it checks the keys a code-scanning service needs (GitHub's upload rejects a
file without them) and that every result points at a declared rule.
"""
import json
import sys


def need(obj, key, where):
    if key not in obj:
        sys.exit(f"check_sarif: {where}: missing '{key}'")
    return obj[key]


def check_location(loc, where):
    phys = need(loc, "physicalLocation", where)
    art = need(phys, "artifactLocation", where + ".physicalLocation")
    uri = need(art, "uri", where + ".artifactLocation")
    if not uri or ("uriBaseId" not in art and not uri.startswith("file:///")):
        sys.exit(f"check_sarif: {where}: uri '{uri}' is neither relative to a base nor absolute")
    region = need(phys, "region", where + ".physicalLocation")
    for key in ("startLine", "startColumn"):
        if not isinstance(need(region, key, where + ".region"), int) or region[key] < 1:
            sys.exit(f"check_sarif: {where}: bad region.{key}")


def main():
    doc = json.load(open(sys.argv[1]))
    expected = int(sys.argv[2])
    if need(doc, "$schema", "top") != "https://json.schemastore.org/sarif-2.1.0.json":
        sys.exit("check_sarif: wrong $schema")
    if need(doc, "version", "top") != "2.1.0":
        sys.exit("check_sarif: wrong version")
    runs = need(doc, "runs", "top")
    if len(runs) != 1:
        sys.exit("check_sarif: expected one run")
    run = runs[0]
    driver = need(need(run, "tool", "run"), "driver", "tool")
    for key in ("name", "informationUri", "version", "rules"):
        need(driver, key, "driver")
    rule_ids = set()
    for i, rule in enumerate(driver["rules"]):
        where = f"rules[{i}]"
        rid = need(rule, "id", where)
        if not rid.startswith("coroscope-"):
            sys.exit(f"check_sarif: {where}: id '{rid}'")
        need(need(rule, "shortDescription", where), "text", where)
        need(need(rule, "fullDescription", where), "text", where)
        need(need(rule, "help", where), "text", where)
        if "#" not in need(rule, "helpUri", where):
            sys.exit(f"check_sarif: {where}: helpUri has no anchor")
        if need(need(rule, "defaultConfiguration", where), "level", where) not in ("note", "warning", "error"):
            sys.exit(f"check_sarif: {where}: bad level")
        rule_ids.add(rid)
    results = need(run, "results", "run")
    if len(results) != expected:
        sys.exit(f"check_sarif: {len(results)} results, expected {expected}")
    for i, res in enumerate(results):
        where = f"results[{i}]"
        if need(res, "ruleId", where) not in rule_ids:
            sys.exit(f"check_sarif: {where}: undeclared rule {res['ruleId']}")
        if need(res, "level", where) not in ("note", "warning", "error"):
            sys.exit(f"check_sarif: {where}: bad level")
        need(need(res, "message", where), "text", where)
        locs = need(res, "locations", where)
        check_location(locs[0], where + ".locations[0]")
        for j, rel in enumerate(res.get("relatedLocations", [])):
            rwhere = f"{where}.relatedLocations[{j}]"
            need(rel, "id", rwhere)
            need(need(rel, "message", rwhere), "text", rwhere)
            check_location(rel, rwhere)
        print(f"{res['ruleId']} {locs[0]['physicalLocation']['artifactLocation']['uri']}:"
              f"{locs[0]['physicalLocation']['region']['startLine']}"
              f" related={len(res.get('relatedLocations', []))}")
    print(f"sarif ok: {len(driver['rules'])} rules, {len(results)} results")


if __name__ == "__main__":
    main()
