export { JoinPage as default } from '@/features/team/join-page';
