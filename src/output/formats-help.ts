/** The text of `wfd help formats`. Kept free of imports so the help topic loads nothing else. */
export const FORMATS_HELP = `Output formats (-o, --output FORMAT)

table   The default when stdout is a terminal. Columns chosen for people (the reference before the full id), upper-case headers, a "Showing 30 of 143 cases" title, relative times ("3h ago") and colour. To fit the terminal width, long text is cut with "…", then less useful columns are hidden; ids and times are cut only on very narrow terminals, last of all. Not meant for scripts.

plain   The default when stdout is not a terminal. One line per row, values separated by tabs, no header, no colour. Its columns are a contract for scripts, the full id first, the same for every run and terminal (not the table's), or those named by --fields. Times stay as the API sends them (ISO-8601, UTC), empty values are empty strings, tabs and newlines inside values become spaces, and objects or arrays are written as compact JSON. A single object (get) prints a "field<TAB>value" line per field.

json    One JSON array of the API's objects (--json is short for -o json), pretty-printed, streamed row by row; an empty result is []. Detail commands print one object.

ndjson  One compact JSON object per line, streamed, for very large exports and line tools.

csv     A header row, then one row per object, quoted where needed (RFC 4180). Lists have the columns of plain (the same for every run), or those named by --fields, where nested fields are dot paths (--fields id,owner.email,data.amount); objects and arrays are JSON-encoded. A single object (get) has a column for each of its fields.

csv-excel  The same CSV as Excel opens it: a UTF-8 byte-order mark first and CRLF line ends (without the mark, Excel reads the file in the ANSI code page, and Chloé shows as ChloÃ©).

--fields a,b,c.d   The columns of table, plain and csv; for json and ndjson, the keys kept in each object, nested paths included (id,owner.email gives {"id": ..., "owner": {"email": ...}}); a missing path becomes null.
--query EXPR       A JMESPath expression over the JSON output: the whole array with json, each object with ndjson. With table or plain it switches the output to json; it cannot be combined with csv.
--jq PROGRAM       A jq program over the same JSON, as gh's --jq: jq's language and semantics (jq 1.8, built in), printed as jq -r prints (strings bare). Not with --query or csv.
-q, --quiet        Only the id of each object, one per line, whatever the format.
`;
