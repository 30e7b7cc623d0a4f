/**
 * The exact command that logs a profile in again, for the hints of refused credentials: the
 * profile named even when it is the default one, and an OAuth login's client id and scope.
 */
import { shellWord } from '../text/shell-word.js';
import { DEFAULT_SCOPE } from './scopes.js';
import type { Profile } from './store.js';

export function loginCommand(profileName: string, profile?: Pick<Profile, 'authType' | 'oauth'>): string {
  const grant = profile?.authType === 'oauth' ? profile.oauth : undefined;
  const words = ['wfd', 'auth', 'login'];
  if (grant) {
    words.push('--oauth', '--client-id', shellWord(grant.clientId));
    if (grant.scope !== DEFAULT_SCOPE) words.push('--scope', shellWord(grant.scope));
  }
  words.push('--profile', shellWord(profileName));
  return words.join(' ');
}
