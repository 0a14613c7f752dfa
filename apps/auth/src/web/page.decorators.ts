import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { SignedInUser } from '@cs/accounts';
import type { FormBody } from './form-fields';
import type { AdminContext, PageRequest } from './page-request';

export const SIGN_IN_RETURN = 'cs:page:sign-in-return';
export const WORKSPACE_ADMIN = 'cs:page:workspace-admin';
export const CSRF_CHECKED = 'cs:page:csrf';

/** The page needs a signed-in user; a visitor is sent to sign in and then back to `returnTo`. */
export const SignedIn = (returnTo: string) => SetMetadata(SIGN_IN_RETURN, returnTo);

/** Developer settings belong to workspace admins (docs/api.md "Access rules"); a visitor signs in and returns to /developer. */
export const WorkspaceAdmin = () => applyDecorators(SignedIn('/developer'), SetMetadata(WORKSPACE_ADMIN, true));

/**
 * A form POST: an `application/x-www-form-urlencoded` body whose `_csrf` field is the token of this session
 * (web/csrf.ts; checked after sign-in and admin checks, so the error page knows the user). `retry` is what the
 * 403 page tells the user to do.
 */
export const CsrfChecked = (retry = 'Reload the page and try again.') => SetMetadata(CSRF_CHECKED, retry);

/** The signed-in user of a @SignedIn() or @WorkspaceAdmin() page. */
export const PageUser = createParamDecorator((_: unknown, ctx: ExecutionContext): SignedInUser => {
  const user = ctx.switchToHttp().getRequest<PageRequest>().pageUser;
  if (!user) throw new Error('@PageUser() needs @SignedIn() or @WorkspaceAdmin() on the route');
  return user;
});

/** The admin context of a @WorkspaceAdmin() page. */
export const AdminPage = createParamDecorator((_: unknown, ctx: ExecutionContext): AdminContext => {
  const admin = ctx.switchToHttp().getRequest<PageRequest>().adminContext;
  if (!admin) throw new Error('@AdminPage() needs @WorkspaceAdmin() on the route');
  return admin;
});

/** The posted form's fields ({} when nothing was posted). */
export const Form = createParamDecorator((_: unknown, ctx: ExecutionContext): FormBody => {
  const body: unknown = ctx.switchToHttp().getRequest<PageRequest>().body;
  return typeof body === 'object' && body !== null ? (body as FormBody) : {};
});
