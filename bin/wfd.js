#!/usr/bin/env node
import module from 'node:module';

// Cache compiled code between runs (Node >= 22.1): start-up is a feature.
module.enableCompileCache?.();

// No SIGINT handler here: Node's default ends the process as a shell expects (exit 130);
// commands that must clean up (the sandbox server) listen for it themselves.
// dist/wfd.js is the bundled entry (scripts/bundle.mjs): one file for the start-up path.
const { run } = await import('../dist/wfd.js');
process.exitCode = await run(process.argv);
