/**
 * Form responses and signatures. Their fields are "not shown" in the contract: these are the
 * sandbox's (their shapes: src/resources/forms.ts); any other field an API sends still reaches
 * `-o json`.
 */
import { Response, Signature } from './forms.js';

/** Top-level fields of a response, what `wfd responses get --fields` accepts. */
export const RESPONSE_FIELDS = Object.keys(Response.properties ?? {});

/** Top-level fields of a signature's metadata, what `wfd signatures get --fields` accepts. */
export const SIGNATURE_FIELDS = Object.keys(Signature.properties ?? {});
