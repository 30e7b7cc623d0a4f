/**
 * ora (with its 80 spinners), a part of its own (scripts/bundle.mjs): only a command at a terminal
 * draws a spinner, and every command reads the whole of dist/wfd.cjs. A named export, since
 * through a part import() hands over the module object.
 */
export { default as ora } from 'ora';
