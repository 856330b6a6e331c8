export { AdminStatementsPage as default } from '@/features/statements/admin-statements-page';
