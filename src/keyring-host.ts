/** The entry of the keyring's own process (dist/keyring-host.cjs); see src/core/auth/keyring-host.ts. */
import { serveKeyring } from './core/auth/keyring-host.js';

serveKeyring();
