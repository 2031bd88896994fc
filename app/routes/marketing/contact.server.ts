import { type AppLoadContext, data, redirect } from "react-router";
import type { EnquiryActionData, EnquiryValues } from "#app/components/sales/enquiry-form.tsx";
import { detectRequestLanguage } from "#core/languages.ts";
import { SALES_FIELDS, validateSalesEnquiry } from "#core/sales-enquiry.ts";
import { submitSalesEnquiry } from "#server/domain/sales-enquiries.ts";

/**
 * The sales / demo request. Valid enquiries are stored, mailed to the sales
 * address and answered with a redirect to the Thank You state (so a reload
 * cannot send it twice). Works the same with and without JavaScript.
 */
export async function sendSalesEnquiry(request: Request, context: AppLoadContext) {
  const form = await request.formData();
  const values = Object.fromEntries(
    SALES_FIELDS.map((name) => [name, String(form.get(name) ?? "").slice(0, 2000)]),
  ) as EnquiryValues;
  const checked = validateSalesEnquiry(form);
  if (!checked.ok) {
    return data<EnquiryActionData>(
      {
        notice: {
          tone: "error",
          title: "sales:notices.validationError",
          description: checked.error,
        },
        field: checked.field,
        values,
      },
      { status: 400 },
    );
  }
  const { services } = context;
  const salesEmail = services.config.salesEmail;
  try {
    const result = await submitSalesEnquiry(services, {
      enquiry: checked.enquiry,
      language: detectRequestLanguage(request),
      clientAddress: context.clientAddress,
    });
    if (!result.ok) {
      const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
      return data<EnquiryActionData>(
        {
          notice: {
            tone: "error",
            title: "sales:notices.tooManyAttempts",
            description: "sales:notices.wait",
            values: { n: minutes, count: minutes },
          },
          values,
        },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
    return redirect(result.mailed ? "/contact?sent=1" : "/contact?sent=delayed");
  } catch (error) {
    services.logger.error({ err: error }, "sales enquiry could not be stored");
    return data<EnquiryActionData>(
      {
        notice: {
          tone: "error",
          title: "sales:notices.submissionFailed",
          description: "sales:notices.submissionFailedBody",
          values: { email: salesEmail },
        },
        values,
      },
      { status: 500 },
    );
  }
}
