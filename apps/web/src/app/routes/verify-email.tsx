export { VerifyEmailPage as default } from '@/features/auth/verify-email-page';
