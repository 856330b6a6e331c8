export { RequestsPage as default } from '@/features/requests/requests-page';
