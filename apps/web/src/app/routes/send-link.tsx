export { SendLinkPage as default } from '@/features/requests/send-link-page';
