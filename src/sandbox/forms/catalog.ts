/**
 * The seeded form templates, per workspace slug. `customer-feedback` and
 * `nda-signature` exist in both workspaces (as separate records); the others
 * in one only.
 */
import type { TemplateOptions, TemplateStep } from './records.js';

export interface TemplateSeed {
  readonly slug: string;
  readonly title: string;
  readonly description: string;
  readonly options: TemplateOptions;
  /** Names of the template's customizations; each gets a seeded id. */
  readonly customizations: readonly string[];
  readonly steps: readonly TemplateStep[];
}

const DEFAULTS: TemplateOptions = {
  languages: ['en'],
  default_language: 'en',
  expiry_days: 30,
  reminder_days: [3, 7],
  signature_required: false,
  allow_attachments: false,
  max_attachments: 0,
};

const CUSTOMER_FEEDBACK: TemplateSeed = {
  slug: 'customer-feedback',
  title: 'Customer feedback',
  description: 'A short satisfaction survey after a purchase or a support case.',
  options: { ...DEFAULTS, languages: ['en', 'de', 'fr'], expiry_days: 14, reminder_days: [5] },
  customizations: ['Default branding', 'Partner branding'],
  steps: [
    {
      title: 'About you',
      fields: [
        { name: 'full_name', label: 'Full name', type: 'text', required: true },
        { name: 'email', label: 'E-mail', type: 'email', required: true },
      ],
    },
    {
      title: 'Your feedback',
      fields: [
        {
          name: 'rating',
          label: 'Rating',
          type: 'choice',
          required: true,
          choices: ['1', '2', '3', '4', '5'],
        },
        { name: 'comments', label: 'Comments', type: 'text', required: false },
        { name: 'recommend', label: 'Would you recommend us?', type: 'boolean', required: false },
      ],
    },
  ],
};

const NDA_SIGNATURE: TemplateSeed = {
  slug: 'nda-signature',
  title: 'Non-disclosure agreement',
  description: 'Collects the details and the signature of the other party of an NDA.',
  options: { ...DEFAULTS, languages: ['en', 'de'], signature_required: true },
  customizations: ['Mutual NDA'],
  steps: [
    {
      title: 'Your details',
      fields: [
        { name: 'full_name', label: 'Full name', type: 'text', required: true },
        { name: 'company', label: 'Company', type: 'text', required: false },
        { name: 'email', label: 'E-mail', type: 'email', required: true },
      ],
    },
    {
      title: 'Agreement',
      fields: [
        { name: 'accept_terms', label: 'I accept the terms', type: 'boolean', required: true },
        { name: 'signature', label: 'Signature', type: 'signature', required: true },
      ],
    },
  ],
};

const EMPLOYEE_ONBOARDING: TemplateSeed = {
  slug: 'employee-onboarding',
  title: 'Employee onboarding',
  description: 'Personal details, documents and the signed contract of a new employee.',
  options: {
    ...DEFAULTS,
    languages: ['en', 'de', 'pl'],
    expiry_days: 21,
    signature_required: true,
    allow_attachments: true,
    max_attachments: 5,
  },
  customizations: ['Engineering', 'Sales'],
  steps: [
    {
      title: 'Personal details',
      fields: [
        { name: 'full_name', label: 'Full name', type: 'text', required: true },
        { name: 'birth_date', label: 'Date of birth', type: 'date', required: true },
        { name: 'phone', label: 'Phone', type: 'phone', required: false },
      ],
    },
    {
      title: 'Documents',
      fields: [
        { name: 'id_document', label: 'Identity document', type: 'file', required: true },
        { name: 'tax_form', label: 'Tax form', type: 'file', required: false },
      ],
    },
    {
      title: 'Contract',
      fields: [
        { name: 'start_date', label: 'Start date', type: 'date', required: true },
        { name: 'signature', label: 'Signature', type: 'signature', required: true },
      ],
    },
  ],
};

const EXPENSE_CLAIM: TemplateSeed = {
  slug: 'expense-claim',
  title: 'Expense claim',
  description: 'An expense to be reimbursed, with its receipts.',
  options: { ...DEFAULTS, expiry_days: 60, reminder_days: [], allow_attachments: true, max_attachments: 10 },
  customizations: [],
  steps: [
    {
      title: 'Claim',
      fields: [
        { name: 'amount', label: 'Amount', type: 'number', required: true },
        {
          name: 'currency',
          label: 'Currency',
          type: 'choice',
          required: true,
          choices: ['EUR', 'USD', 'GBP'],
        },
        { name: 'expense_date', label: 'Date of the expense', type: 'date', required: true },
        {
          name: 'category',
          label: 'Category',
          type: 'choice',
          required: false,
          choices: ['travel', 'meals', 'equipment', 'other'],
        },
      ],
    },
    {
      title: 'Receipts',
      fields: [{ name: 'receipts', label: 'Receipts', type: 'file', required: true }],
    },
  ],
};

const JOB_APPLICATION: TemplateSeed = {
  slug: 'job-application',
  title: 'Job application',
  description: 'An application for an open position, with a CV.',
  options: {
    ...DEFAULTS,
    languages: ['en', 'es'],
    expiry_days: 45,
    allow_attachments: true,
    max_attachments: 3,
  },
  customizations: ['Graduate programme'],
  steps: [
    {
      title: 'Applicant',
      fields: [
        { name: 'full_name', label: 'Full name', type: 'text', required: true },
        { name: 'email', label: 'E-mail', type: 'email', required: true },
        { name: 'phone', label: 'Phone', type: 'phone', required: false },
      ],
    },
    {
      title: 'Application',
      fields: [
        {
          name: 'position',
          label: 'Position',
          type: 'choice',
          required: true,
          choices: ['engineer', 'designer', 'analyst'],
        },
        { name: 'years_experience', label: 'Years of experience', type: 'number', required: false },
        { name: 'cv', label: 'CV', type: 'file', required: true },
        { name: 'remote', label: 'Remote work wanted', type: 'boolean', required: false },
      ],
    },
  ],
};

const INCIDENT_REPORT: TemplateSeed = {
  slug: 'incident-report',
  title: 'Incident report',
  description: 'A safety or service incident, with photos.',
  options: {
    ...DEFAULTS,
    expiry_days: 7,
    reminder_days: [1, 3],
    allow_attachments: true,
    max_attachments: 8,
  },
  customizations: [],
  steps: [
    {
      title: 'Incident',
      fields: [
        { name: 'incident_date', label: 'Date of the incident', type: 'date', required: true },
        {
          name: 'severity',
          label: 'Severity',
          type: 'choice',
          required: true,
          choices: ['low', 'medium', 'high'],
        },
        { name: 'description', label: 'What happened', type: 'text', required: true },
      ],
    },
    {
      title: 'Evidence',
      fields: [{ name: 'photos', label: 'Photos', type: 'file', required: false }],
    },
  ],
};

const SUPPLIER_REGISTRATION: TemplateSeed = {
  slug: 'supplier-registration',
  title: 'Supplier registration',
  description: 'Company details and the signed terms of a new supplier.',
  options: { ...DEFAULTS, languages: ['en', 'de', 'cs'], signature_required: true },
  customizations: ['EU suppliers', 'Non-EU suppliers'],
  steps: [
    {
      title: 'Company',
      fields: [
        { name: 'company_name', label: 'Company name', type: 'text', required: true },
        { name: 'vat_number', label: 'VAT number', type: 'text', required: true },
        {
          name: 'country',
          label: 'Country',
          type: 'choice',
          required: true,
          choices: ['DE', 'CZ', 'FR', 'US'],
        },
      ],
    },
    {
      title: 'Contact',
      fields: [
        { name: 'contact_email', label: 'Contact e-mail', type: 'email', required: true },
        { name: 'contact_phone', label: 'Contact phone', type: 'phone', required: false },
      ],
    },
    {
      title: 'Terms',
      fields: [{ name: 'signature', label: 'Signature', type: 'signature', required: true }],
    },
  ],
};

/** Templates by workspace slug, in seeding order. */
export const FORM_TEMPLATE_CATALOG: Readonly<Record<string, readonly TemplateSeed[]>> = {
  acme: [CUSTOMER_FEEDBACK, NDA_SIGNATURE, EMPLOYEE_ONBOARDING, EXPENSE_CLAIM, JOB_APPLICATION],
  globex: [CUSTOMER_FEEDBACK, NDA_SIGNATURE, INCIDENT_REPORT, SUPPLIER_REGISTRATION],
};
