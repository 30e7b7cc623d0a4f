/**
 * The Node lines wfd supports (README, package.json `engines`), each with a binary to run it:
 * the machine's node for its own line, the others from WFD_TEST_NODES (node binaries, separated
 * as PATH is; .ci/run installs them). A test on a line without a binary is skipped, saying so,
 * except in CI, where it fails.
 */
import { spawnSync } from 'node:child_process';
import { delimiter } from 'node:path';

export const SUPPORTED_LINES = [20, 22, 24, 26] as const;

export interface NodeLine {
  line: number;
  /** The binary, or undefined when none was given. */
  node: string | undefined;
}

const majorOf = (node: string) =>
  Number(/^v(\d+)\./.exec(spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout)?.[1]);

export function nodeLines(): NodeLine[] {
  const given = (process.env.WFD_TEST_NODES ?? '').split(delimiter).filter(Boolean);
  const byMajor = new Map(given.map((node) => [majorOf(node), node]));
  byMajor.set(Number(process.versions.node.split('.')[0]), process.execPath);
  return SUPPORTED_LINES.map((line) => ({ line, node: byMajor.get(line) }));
}

/** The test's title, and whether it runs: a line without a binary runs (and fails) only in CI. */
export function lineTest({ line, node }: NodeLine): { title: string; skip: boolean } {
  if (node) return { title: `Node ${line}`, skip: false };
  const skip = process.env.CI !== 'true';
  return { title: `Node ${line} (no Node ${line} binary in WFD_TEST_NODES${skip ? ': skipped' : ''})`, skip };
}

/** Throws when a line has no binary: in CI every line must be tested. */
export function requireNode({ line, node }: NodeLine): string {
  if (!node) throw new Error(`no Node ${line} binary: set WFD_TEST_NODES (as .ci/run does)`);
  return node;
}
