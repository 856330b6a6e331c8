export { CreateLinkPage as default } from '@/features/links/create-link-page';
