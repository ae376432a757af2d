/** `checkSecurity`: what the entry page's response says about transport security. */
export interface SecurityReport {
  https: boolean;
  hsts: boolean;
  content_security_policy: boolean;
  x_frame_options: boolean;
  x_content_type_options: boolean;
  referrer_policy: boolean;
}

export function securityOf(url: string, headers: Record<string, string>): SecurityReport {
  return {
    https: new URL(url).protocol === 'https:',
    hsts: 'strict-transport-security' in headers,
    content_security_policy: 'content-security-policy' in headers,
    x_frame_options: 'x-frame-options' in headers,
    x_content_type_options: headers['x-content-type-options']?.toLowerCase() === 'nosniff',
    referrer_policy: 'referrer-policy' in headers,
  };
}
