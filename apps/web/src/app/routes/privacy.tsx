export { PrivacyPage as default } from '@/features/marketing/privacy-page';
