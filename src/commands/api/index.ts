/** Registers `wfd api <METHOD> <path>`. */
import type { Command } from 'commander';
import { lazy } from '../../cli/action.js';
import { globalOptionVariant } from '../../cli/global-commander-options.js';
import { addExamples, addVerbFlags } from '../../cli/options.js';
import { API } from './flags.js';

export function registerApiCommand(api: Command): void {
  // gh api's `-q` is its --jq; here it takes the place of --quiet, which an answer of any shape
  // has no use for (it has no ids to print alone).
  api.addOption(
    globalOptionVariant(
      '-q, --jq <expression>',
      "filter the JSON output with a jq program (jq's language, strings printed bare; -q as in gh api)",
    ),
  );
  addExamples(addVerbFlags(api.usage('[METHOD] <path> [options]'), API), [
    "wfd api '/cases?parent_status=pending'",
    'wfd api GET /forms -f flow[slug]=kyc --paginate -o ndjson',
    'wfd api -X PATCH /forms/5b0e... -F active=false -F user[phone]=+33612345678',
    'wfd api POST /cases --input case.json --dry-run',
    'wfd api -X POST /v1/cases --input case.json --check',
    'wfd api GET /.well-known/openid-configuration --query token_endpoint',
    'wfd api GET /cases --paginate --jq \'.[] | select(.status == "open") | .id\'',
    "wfd api /cases -q '.data[0].id'",
  ]).action(lazy(() => import('./request.js')));
}
