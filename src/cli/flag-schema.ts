/**
 * A verb's options schema, built from its flags as data (flags.ts): the same declaration
 * commander's options come from, so a flag cannot be renamed in one place only. Strict: a key
 * the declaration does not name is refused, never silently dropped. Loaded by verb modules
 * only, so zod stays off the start-up path.
 */
import * as z from 'zod/mini';
import { flagKey } from '../core/text/flag-key.js';
import type { ArgDef, FlagDef, TextChecks, VerbFlags } from './flags.js';

/** The zod shape of a verb's arguments and flags, by the keys commander stores them under. */
function flagsShape(spec: VerbFlags): Record<string, z.ZodMiniType> {
  return Object.fromEntries([
    ...(spec.args ?? []).map((arg) => [flagKey(arg.name), argType(arg)] as const),
    ...spec.flags.map((def) => [flagKey(def.flag), flagType(def)] as const),
  ]);
}

/** The options schema of a verb; its checks between flags are added by the verb (`.check(z.refine(...))`). */
export function verbSchema<const S extends VerbFlags>(spec: S) {
  return z.strictObject(flagsShape(spec)) as z.ZodMiniObject<ShapeOf<S>, z.core.$strict>;
}

function argType(arg: ArgDef): z.ZodMiniType {
  const one = arg.values ? oneOf(arg.values) : text(arg, !arg.file);
  if (arg.variadic) return arg.optional ? z.optional(z.array(one)) : z.array(one).check(z.minLength(1));
  return arg.optional ? z.optional(one) : one;
}

// Flags declared alike share one schema (zod schemas are immutable): building a schema per flag
// was most of the start of a list verb (cases list: 19 flags, 7 kinds).
const flagTypes = new Map<string, z.ZodMiniType>();

function flagType(def: FlagDef): z.ZodMiniType {
  // Everything flagType, valueType and text read of `def`, and nothing else.
  const { kind, repeatable, default: fallback, required, trim, nonEmpty, pattern } = def;
  const values = kind === 'enum' ? def.values : undefined;
  const checks = pattern && [String(pattern.regex), pattern.message];
  const key = JSON.stringify([kind, repeatable, fallback, required, values, trim, nonEmpty, checks]);
  let type = flagTypes.get(key);
  if (!type) {
    type = buildFlagType(def);
    flagTypes.set(key, type);
  }
  return type;
}

function buildFlagType(def: FlagDef): z.ZodMiniType {
  const one = valueType(def);
  const many = def.repeatable ? z.array(one) : one;
  if (def.kind === 'negated') return z._default(many, true as never);
  if (def.default !== undefined) return z._default(many, def.default as never);
  return def.required ? many : z.optional(many);
}

function valueType(def: FlagDef): z.ZodMiniType {
  switch (def.kind) {
    case 'switch':
    case 'negated':
      return z.boolean();
    // Checked as commander reads them (arg-parsers.ts).
    case 'integer':
    case 'duration':
      return z.int();
    case 'enum':
      return oneOf((def.values ?? []).map((value) => (typeof value === 'string' ? value : value[0])));
    default:
      return text(def, def.kind !== 'file');
  }
}

/**
 * Node decodes the arguments as UTF-8 and turns bytes that are not (a Latin-1 terminal, a file
 * name) into U+FFFD: a value sent so would silently be other text than the one meant. Refused;
 * a path is not sent, and where it is opened its message says why it is not found.
 */
const decoded = z.refine<string>((value) => !value.includes('\uFFFD'), {
  message:
    'it holds U+FFFD, the mark of bytes that are not UTF-8 (the argument was changed when it was read); give it in UTF-8 (a UTF-8 terminal, or iconv -t UTF-8)',
});

function text(checks: TextChecks, sent: boolean): z.ZodMiniString {
  let schema = z.string();
  if (sent) schema = schema.check(decoded);
  if (checks.trim) schema = schema.check(z.trim());
  if (checks.nonEmpty) schema = schema.check(z.minLength(1, 'must not be empty'));
  if (checks.pattern) schema = schema.check(z.regex(checks.pattern.regex, checks.pattern.message));
  return schema;
}

/** `expected bash, zsh or fish` */
function oneOf(values: readonly string[]): z.ZodMiniType<string> {
  const words = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values.join('');
  return z.enum(values as [string, ...string[]], { message: `expected ${words}` });
}

// The static types of the options, from the declaration: what `run` receives.
type Camel<S extends string> = S extends `${infer H}-${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type ValueOf<F> = F extends { kind: 'switch' | 'negated' }
  ? boolean
  : F extends { kind: 'integer' | 'duration' }
    ? number
    : F extends { kind: 'enum'; values: readonly (infer V extends string)[] }
      ? V
      : string;
type Stored<F> = F extends { repeatable: true } ? ValueOf<F>[] : ValueOf<F>;
type FlagField<F> = F extends { kind: 'negated' } | { default: string | number } | { required: true }
  ? z.ZodMiniType<Stored<F>>
  : z.ZodMiniOptional<z.ZodMiniType<Stored<F>>>;
type ArgValue<A> = A extends { values: readonly (infer V extends string)[] } ? V : string;
type ArgField<A> = A extends { variadic: true }
  ? A extends { optional: true }
    ? z.ZodMiniOptional<z.ZodMiniType<ArgValue<A>[]>>
    : z.ZodMiniType<ArgValue<A>[]>
  : A extends { optional: true }
    ? z.ZodMiniOptional<z.ZodMiniType<ArgValue<A>>>
    : z.ZodMiniType<ArgValue<A>>;
type FlagsOf<S> = S extends { flags: readonly (infer F)[] } ? F : never;
type ArgsOf<S> = S extends { args: readonly (infer A)[] } ? A : never;
type ShapeOf<S extends VerbFlags> = {
  [F in FlagsOf<S> as F extends { flag: infer N extends string } ? Camel<N> : never]: FlagField<F>;
} & {
  [A in ArgsOf<S> as A extends { name: infer N extends string } ? Camel<N> : never]: ArgField<A>;
};
