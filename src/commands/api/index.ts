/** Registers `wfd api <METHOD> <path>`. */
import { Argument, type Command, Option } from 'commander';
import { lazy } from '../../cli/action.js';
import { collect } from '../../cli/arg-parsers.js';
import { completeWith } from '../../cli/completion-values.js';
import { addDryRun, addExamples } from '../../cli/options.js';
import { METHODS } from './methods.js';

export function registerApiCommand(api: Command): void {
  addExamples(
    addDryRun(
      api
        .usage('[METHOD] <path> [options]')
        .addArgument(
          completeWith(
            new Argument('<method-or-path>', `METHOD (${METHODS.join(', ')}); GET when left out`),
            METHODS,
          ),
        )
        .argument('[path]', 'a path under /v1 (/cases?status=new), or at the host root (/.well-known/...)')
        .addOption(
          completeWith(new Option('-X, --method <method>', `the method: ${METHODS.join(', ')}`), METHODS),
        )
        .addOption(
          new Option('-f, --raw-field <key=value>', 'a string field (repeatable)').argParser(collect),
        )
        .addOption(
          new Option(
            '-F, --field <key=value>',
            'a typed field: numbers, true, false, null, @file or @- for stdin (repeatable)',
          ).argParser(collect),
        )
        .addOption(
          new Option('-H, --header <header>', "an extra header, 'Name: value' (repeatable)").argParser(
            collect,
          ),
        )
        .addOption(new Option('--input <file>', 'the JSON body from a file, or - for stdin'))
        .addOption(new Option('-i, --include', 'print the status line and headers before the body'))
        .addOption(
          new Option(
            '--paginate',
            'fetch every page of a collection; one JSON array (-o ndjson: a record a line)',
          ),
        ),
    ),
    [
      "wfd api '/cases?parent_status=pending'",
      'wfd api GET /forms -f flow[slug]=kyc --paginate -o ndjson',
      'wfd api -X PATCH /forms/5b0e... -F active=false -F user[phone]=+33612345678',
      'wfd api POST /cases --input case.json --dry-run',
      'wfd api GET /.well-known/openid-configuration --query token_endpoint',
    ],
  ).action(lazy(() => import('./request.js')));
}
