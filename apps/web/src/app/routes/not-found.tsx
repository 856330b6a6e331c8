export { NotFoundPage as default } from '@/features/marketing/not-found-page';
