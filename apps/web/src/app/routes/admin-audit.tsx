export { AuditLogPage as default } from '@/features/admin/audit-log-page';
