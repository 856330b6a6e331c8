export { TermsPage as default } from '@/features/pricing/terms-page';
