# The JSON OUTPUT section of the man page from schema/json/ (see
# cmd/mkman.sh): each schema's keys with their types, in roff.
def refname: sub(".*/"; "") | sub("\\.schema\\.json$"; "") | gsub("_"; " ");
# rulesets.schema.json#/$defs/NAME: made from `umpire --json help`
# ($described), as tests/cli/validate-json.py makes it.
def described_words($which):
  $described.rulesets
  | if $which == "name" then map(.name)
    elif $which == "measure" then map(.measure)
    else map(.adjudications[] | select(.defined) | .name) | unique end
  | join("|\\:");
def ty:
  if has("$ref") and (.["$ref"] | startswith("rulesets.schema.json#/$defs/")) then
    described_words(.["$ref"] | sub(".*/"; ""))
  elif has("$ref") then (.["$ref"] | refname)
  elif has("enum") then (.enum | map(tostring) | join("|\\:"))
  elif has("const") then (.const | tostring)
  elif has("oneOf") or has("anyOf") then ((.oneOf // .anyOf) | map(ty) | join(" or "))
  elif .type == "array" then "array of " + (.items | ty)
  elif .type == "object" and has("properties") then
    "{" + (.properties | keys_unsorted | join(", ")) + "}"
  elif .type == "object" and (.additionalProperties | type) == "object" then
    "object: name \\(-> " + (.additionalProperties | ty)
  elif (.type | type) == "array" and has("properties") then
    "{" + (.properties | keys_unsorted | join(", ")) + "}|null"
  elif (.type | type) == "array" then (.type | join("|\\:"))
  else (.type // "any") end;
def keys_of:
  . as $o
  | ($o.properties // {}) | to_entries[]
  | .key as $k
  | ".TP\n.B " + $k + "\n" + (.value | ty)
    + (if ($o.required // []) | index($k) then "" else " \\fI(optional)\\fR" end)
    + (if .value.description then "; " + .value.description else "" end);
def fields:
  . as $o
  | [($o.properties // {}) | to_entries[]
     | .key as $k
     | $k + " (" + (.value | ty)
       + (if ($o.required // []) | index($k) then "" else ", optional" end) + ")"]
  | join(", ");
def result_fields:
  if has("oneOf") then (.oneOf | map((.description // "") + ": " + fields) | join("; "))
  else fields end;
def section:
  ".SS " + .title + "\n" + .description + "\n"
  + ([keys_of] | join("\n"))
  + ([(.oneOf // .anyOf // [])[]
      | if has("$ref") then "\n.TP\nor\n" + (.["$ref"] | refname)
        else "\n.TP\nor\n" + ([keys_of] | join("\n")) end] | join(""));
if .["$id"] | endswith("/common.schema.json") then
  (.["$defs"] | to_entries[]
   | ".SS " + (.key | gsub("_"; " ")) + "\n" + (.value.description // "") + "\n"
     + ([.value | keys_of] | join("\n")))
elif .["$id"] | endswith("/ruling.schema.json") then
  section,
  ".SS result, by rule set and command\n.TP",
  (.["$defs"] | to_entries[]
   | ".TP\n.B " + (.key | sub("^result_"; "") | sub("twobytwo"; "2x2") | sub("_"; " "))
     + "\n" + (.value | result_fields))
else section end
