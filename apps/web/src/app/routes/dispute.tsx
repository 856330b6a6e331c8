export { DisputePage as default } from '@/features/disputes/dispute-page';
