/**
 * Monthly statements (docs/decisions/0088-monthly-statements.md): the clinic's month and the
 * platform's month, on screen and as CSV. Other modules import statements only through this file.
 */
export { adminStatementRoutes, statementRoutes } from './routes.js';
