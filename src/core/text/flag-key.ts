/** `parent-status` -> `parentStatus`: the key commander stores a flag's (or an argument's) value under. */
export function flagKey(flag: string): string {
  return flag.replace(/-([a-z])/g, (_, ch: string) => ch.toUpperCase());
}

/** `waitingFor` -> `--waiting-for`: the flag whose value commander stores under `key`. */
export function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (ch) => `-${ch.toLowerCase()}`)}`;
}
