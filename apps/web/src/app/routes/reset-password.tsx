export { ResetPasswordPage as default } from '@/features/auth/reset-password-page';
