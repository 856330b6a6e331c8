export { TwoFactorSetupPage as default } from '@/features/auth/two-factor-setup-page';
