/**
 * Form responses and signatures (spec: "Responses to forms are readable", "Signatures"). Their
 * fields are "not shown" in the spec: these are the ones wfd names in views and `--fields`;
 * any other field an API sends still reaches `-o json`.
 */

/** Top-level fields of a response, what `wfd responses get --fields` accepts. */
export const RESPONSE_FIELDS = [
  'id',
  'form',
  'created_at',
  'updated_at',
  'completed_at',
  'answers',
  'attachments',
  'signatures',
] as const;

/** Top-level fields of a signature's metadata, what `wfd signatures get --fields` accepts. */
export const SIGNATURE_FIELDS = ['id', 'form', 'response', 'signer', 'signed_at', 'file'] as const;
