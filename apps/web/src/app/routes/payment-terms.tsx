export { TermsPage as default } from '@/features/checkout/terms-page';
