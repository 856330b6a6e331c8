export { AuthCallbackPage as default } from '@/features/auth/auth-callback-page';
