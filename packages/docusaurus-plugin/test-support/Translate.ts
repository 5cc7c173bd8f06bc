/**
 * `@docusaurus/Translate` for the unit tests (vitest.config.ts aliases it here): the real one
 * reads the build's `@generated/codeTranslations`; this one reads `codeTranslations`, which a
 * test fills with a locale's messages.
 */
export const codeTranslations: Record<string, string> = {};

export function translate({ id, message }: { id?: string; message: string; description?: string }): string {
  return (id !== undefined ? codeTranslations[id] : undefined) ?? message;
}
