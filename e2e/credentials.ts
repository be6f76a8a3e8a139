/** The administrator the e2e server is started with (fresh database each run). */
export const E2E_ADMIN = { username: 'admin', password: 'clave-admin-e2e' } as const;
