/** Every resource table, by the API's name (the keys `wfd help filters` and completions walk). */
import { CASE_TEMPLATES } from './case-templates.js';
import { CASES } from './cases.js';
import { FORM_TEMPLATES } from './form-templates.js';
import { FORMS } from './forms.js';
import type { ResourceDef } from './types.js';

export type {
  Attributes,
  AttributeType,
  ColumnDef,
  ColumnKind,
  DetailOf,
  FieldDef,
  FieldDefs,
  FieldUse,
  FilterFlag,
  ItemOf,
  ResourceDef,
} from './types.js';
export { CASE_TEMPLATES, CASES, FORM_TEMPLATES, FORMS };

export const RESOURCES: readonly ResourceDef[] = [CASES, CASE_TEMPLATES, FORMS, FORM_TEMPLATES];
