export { ContinueSignInPage as default } from '@/features/auth/continue-sign-in-page';
