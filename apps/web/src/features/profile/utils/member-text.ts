/** A domain schema for one text the member writes (zod's `safeParse`, structurally: the web app does not import zod). */
export interface MemberTextSchema {
  safeParse(value: string): { success: true; data: string } | { success: false; error: { issues: ReadonlyArray<{ message: string }> } };
}

/** How a text is edited: the textarea's label, the domain schema that checks it, and its maximum (for the counter). */
export interface MemberTextField {
  label: string;
  schema: MemberTextSchema;
  maxLength: number;
}

/** The text checked with its schema: the trimmed text to save, or the schema's first message. */
export function checkMemberText(schema: MemberTextSchema, value: string): { text: string; error: null } | { text: null; error: string } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { text: parsed.data, error: null };
  return { text: null, error: parsed.error.issues[0]?.message ?? 'Revisa el texto' };
}
