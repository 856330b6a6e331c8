export { TwoFactorSignInPage as default } from '@/features/auth/two-factor-sign-in-page';
