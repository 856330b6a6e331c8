/** The clinic's statements start with 'statements'; the platform's with 'admin', so the admin area's refreshes include them. */
export const statementKeys = {
  all: ['statements'] as const,
  clinic: (month: string) => [...statementKeys.all, month] as const,
  platform: (month: string) => ['admin', 'statements', month] as const,
};
