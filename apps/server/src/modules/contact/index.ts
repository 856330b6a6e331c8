/** The contact page's support details and form submit (spec §2 /contact, decision 0006). */
export { contactRoutes } from './routes.js';
