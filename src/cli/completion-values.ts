/**
 * What shell completion offers for an option's value or a positional argument, kept beside the
 * option or argument itself so the completion generator reads it from the command tree.
 * Validation stays with the verbs (with our own messages), so commander's `.choices()` is not
 * used.
 */
import type { Argument, Option } from 'commander';

/** A value to offer, alone or with what it means (shown by zsh and fish). */
export type CompletionValue = string | readonly [value: string, description: string];

export type Completion =
  /** fixed values; `list`: a comma-separated list of them (`--events a,b`) */
  | { readonly kind: 'values'; readonly values: readonly CompletionValue[]; readonly list?: boolean }
  /** the saved profile names, read from the config file while completing */
  | { readonly kind: 'profiles' }
  /** the aliases' names (`wfd alias`), read from the config file while completing */
  | { readonly kind: 'aliases' }
  /** a case's custom status values, asked of the API while completing (`wfd completion --statuses`) */
  | { readonly kind: 'statuses' }
  /** words that name a command (`help cases <TAB>` offers the verbs of cases); `values` come first */
  | { readonly kind: 'commands'; readonly values: readonly CompletionValue[] };

const COMPLETIONS = new WeakMap<Option | Argument, Completion>();

/** Registers what to complete for `target` (plain values, or a Completion); returns it for chaining. */
export function completeWith<T extends Option | Argument>(
  target: T,
  completion: readonly CompletionValue[] | Completion,
): T {
  COMPLETIONS.set(target, 'kind' in completion ? completion : { kind: 'values', values: completion });
  return target;
}

/** What was registered for `target`, if anything. */
export function completionOf(target: Option | Argument): Completion | undefined {
  return COMPLETIONS.get(target);
}
