/** `<noun> archive` and `<noun> unarchive`, registered alike for every noun that archives. */
import type { Command } from 'commander';
import { lazy } from './action.js';
import { bulkIdsFlags } from './flags.js';
import { addExamples, addVerbFlags } from './options.js';
import type { Verb } from './verb.js';

export interface ArchivedNoun {
  /** 'case' */
  singular: string;
  /** 'cases' */
  plural: string;
  /** a list that prints the ids to archive: `wfd cases list --parent-status closed -q` */
  listIds: string;
  /** the forms of id taken besides a UUID, and their cost: `full ids or 8+ character prefixes (...)` */
  idForms?: string;
}

/** Adds both verbs to `parent`; `load` imports a verb's module when it runs. */
export function addArchiveCommands<O>(
  parent: Command,
  noun: ArchivedNoun,
  load: (verb: 'archive' | 'unarchive') => Promise<{ verb: Verb<O> }>,
): void {
  for (const [verb, description] of [
    ['archive', `Archive ${noun.plural}`],
    ['unarchive', `Restore archived ${noun.plural}`],
  ] as const) {
    addExamples(
      addVerbFlags(
        parent.command(verb).description(`${description}; reports the result per id`),
        bulkIdsFlags(noun.singular, noun.idForms),
      ),
      [
        `wfd ${noun.plural} ${verb} 5b0e... 7c1d...`,
        `${noun.listIds} ${verb === 'archive' ? '--no-archived' : '--archived'} --all -q | wfd ${noun.plural} ${verb} -`,
      ],
    ).action(lazy(() => load(verb)));
  }
}
