/**
 * Hints for command lines written from another CLI's habits, shown in place of the generic
 * usage hint when a command line was refused.
 */

/** `id,title` or `owner.email`: what gh's `--json` takes after it. */
const FIELD_LIST = /^[A-Za-z_][\w.]*(?:,[A-Za-z_][\w.]*)*$/;

/**
 * gh's `--json id,title` selects fields; here `--json` is a switch (`-o json`) and the fields
 * have a flag of their own, so the list lands where an argument goes.
 */
export function habitHint(argv: readonly string[]): string | undefined {
  return goTemplateHint(argv) ?? jsonFieldsHint(argv);
}

/**
 * gh's `--template '{{range .}}{{.id}}{{end}}'` formats JSON with a Go template; here `--template`
 * is a filter (a case template's id) or unknown, and the JSON is shaped by a query language.
 */
function goTemplateHint(argv: readonly string[]): string | undefined {
  const at = argv.findIndex(
    (word) => word === '-t' || word === '--template' || word.startsWith('--template='),
  );
  if (at < 0) return undefined;
  const value = argv[at]!.startsWith('--template=') ? argv[at]!.slice('--template='.length) : argv[at + 1];
  if (value === undefined || !value.includes('{{')) return undefined;
  return "Go templates are gh's: shape JSON with `--jq EXPR` (jq) or `--query EXPR` (JMESPath), and `-o json`";
}

function jsonFieldsHint(argv: readonly string[]): string | undefined {
  const at = argv.indexOf('--json');
  const fields = at >= 0 ? argv[at + 1] : undefined;
  if (fields === undefined || !FIELD_LIST.test(fields)) return undefined;
  return `--json takes no field list here: use \`-o json --fields ${fields}\``;
}
