export { PosterPage as default } from '@/features/posters/poster-page';
