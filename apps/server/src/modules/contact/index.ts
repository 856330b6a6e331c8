/**
 * The contact page's support details and form submit (docs/product.md#public-pages, /contact; decision 0006).
 */
export { contactRoutes } from './routes.js';
