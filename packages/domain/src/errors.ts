/**
 * Every error the product can answer with: code → HTTP status and English / Hindi messages
 * (spec part 8 wording). Messages may hold `{placeholders}` filled from the error's data; a
 * `variants` entry picks another wording by `data.variant`.
 */
export type Language = 'en' | 'hi';
export const LANGUAGES: readonly Language[] = ['en', 'hi'];

interface Messages {
  en: string;
  hi: string;
}

interface ErrorDefinition extends Messages {
  status: number;
  variants?: Record<string, Messages>;
}

export const ERRORS = {
  BAD_REQUEST: { status: 400, en: 'Malformed request', hi: 'अनुरोध सही प्रारूप में नहीं है' },
  VALIDATION_FAILED: {
    status: 400,
    en: 'Please check your input',
    hi: 'कृपया अपनी जानकारी जाँचें',
  },
  UNAUTHENTICATED: {
    status: 401,
    en: 'User not authenticated',
    hi: 'उपयोगकर्ता प्रमाणित नहीं है',
  },
  ACCESS_DENIED: {
    status: 403,
    en: 'Access denied: you do not have access to this site',
    hi: 'पहुँच अस्वीकृत: आपको इस साइट तक पहुँच नहीं है',
  },
  PERMISSION_DENIED: {
    status: 403,
    en: 'Permission denied',
    hi: 'अनुमति नहीं है',
    variants: {
      action: {
        en: 'Permission denied: Cannot {action} {entity}',
        hi: 'अनुमति नहीं है: {entity} को {action} नहीं कर सकते',
      },
      owner_only: {
        en: 'Permission denied: Only owners can {what}',
        hi: 'अनुमति नहीं है: केवल मालिक ही {what} कर सकते हैं',
      },
    },
  },
  NOT_FOUND: {
    status: 404,
    en: 'Item not found',
    hi: 'रिकॉर्ड नहीं मिला',
    variants: {
      entity: { en: '{entity} not found', hi: '{entity} नहीं मिला' },
      route: { en: 'Not found', hi: 'नहीं मिला' },
    },
  },
  METHOD_NOT_ALLOWED: { status: 405, en: 'Method not allowed', hi: 'यह तरीका अनुमत नहीं है' },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    en: 'The request is too large',
    hi: 'अनुरोध बहुत बड़ा है',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    en: 'Unsupported content type',
    hi: 'यह सामग्री प्रकार समर्थित नहीं है',
  },
  LOGIN_THROTTLED: {
    status: 429,
    en: 'Too many failed sign-ins. Try again in {retry_after} seconds.',
    hi: 'बहुत अधिक असफल साइन-इन। {retry_after} सेकंड बाद फिर से प्रयास करें।',
    variants: {
      // Waits past two minutes (up to the 24-hour lock) read in minutes, not thousands of seconds.
      minutes: {
        en: 'Too many failed sign-ins. Try again in {minutes} minutes.',
        hi: 'बहुत अधिक असफल साइन-इन। {minutes} मिनट बाद फिर से प्रयास करें।',
      },
    },
  },
  RATE_LIMITED: {
    status: 429,
    en: 'Too many requests. Please wait a moment before trying again',
    hi: 'बहुत अधिक अनुरोध। कृपया दोबारा प्रयास करने से पहले थोड़ा रुकें',
  },
  INTERNAL: { status: 500, en: 'Server error occurred', hi: 'सर्वर में त्रुटि हुई' },

  ALREADY_EXISTS: {
    status: 409,
    en: 'A record with this name already exists',
    hi: 'इस नाम का रिकॉर्ड पहले से मौजूद है',
    variants: {
      tag: {
        en: 'A tag named "{name}" already exists',
        hi: '"{name}" नाम का टैग पहले से मौजूद है',
      },
    },
  },
  RECORD_IN_USE: {
    status: 409,
    en: 'Cannot delete: other records still use this {entity}',
    hi: 'हटाया नहीं जा सकता: अन्य रिकॉर्ड अभी भी इस {entity} का उपयोग करते हैं',
  },

  TRANSACTION_LINKED: {
    status: 409,
    en: 'This transaction belongs to a payment or refund; change that record instead',
    hi: 'यह लेन-देन किसी भुगतान या रिफ़ंड का हिस्सा है; उसी रिकॉर्ड में बदलाव करें',
  },
  ACCOUNT_INACTIVE: {
    status: 400,
    en: 'This account is inactive',
    hi: 'यह खाता निष्क्रिय है',
  },

  // Authentication
  INVALID_CREDENTIALS: { status: 400, en: 'Invalid credentials', hi: 'अमान्य ईमेल या पासवर्ड' },
  EMAIL_TAKEN: {
    status: 409,
    en: 'An account with this email already exists',
    hi: 'इस ईमेल से एक खाता पहले से मौजूद है',
  },
  PASSWORDS_DO_NOT_MATCH: {
    status: 400,
    en: 'Passwords do not match',
    hi: 'पासवर्ड मेल नहीं खाते',
  },
  PASSWORD_TOO_SHORT: {
    status: 400,
    en: 'Password must be at least 6 characters',
    hi: 'पासवर्ड कम से कम 6 अक्षरों का होना चाहिए',
  },
  CURRENT_PASSWORD_REQUIRED: {
    status: 400,
    en: 'Current password is required',
    hi: 'वर्तमान पासवर्ड आवश्यक है',
  },
  INVALID_CURRENT_PASSWORD: {
    status: 400,
    en: 'Current password is incorrect',
    hi: 'वर्तमान पासवर्ड गलत है',
  },
  LEGAL_NOT_ACCEPTED: {
    status: 400,
    en: 'Please accept the terms and privacy policy',
    hi: 'कृपया नियम और गोपनीयता नीति स्वीकार करें',
  },
  BOT_CHECK_REQUIRED: {
    status: 400,
    en: 'Please complete the security verification',
    hi: 'कृपया सुरक्षा सत्यापन पूरा करें',
  },
  BOT_CHECK_FAILED: {
    status: 400,
    en: 'Security verification failed. Please try again',
    hi: 'सुरक्षा सत्यापन विफल रहा। कृपया फिर से प्रयास करें',
  },
  BOT_CHECK_EXPIRED: {
    status: 400,
    en: 'Security verification expired. Please verify again',
    hi: 'सुरक्षा सत्यापन की समय-सीमा समाप्त हो गई। कृपया फिर से सत्यापित करें',
  },
  RESET_LINK_INVALID: {
    status: 400,
    en: 'Invalid or expired reset link',
    hi: 'रीसेट लिंक अमान्य है या समाप्त हो चुका है',
  },
  RESET_LINK_EXPIRED: {
    status: 400,
    en: 'This password reset link has expired',
    hi: 'यह पासवर्ड रीसेट लिंक समाप्त हो चुका है',
  },
  TOKEN_INVALID: {
    status: 400,
    en: 'This link is invalid or has expired',
    hi: 'यह लिंक अमान्य है या समाप्त हो चुका है',
  },

  // Sessions, cookies and two-step sign-in (issue 19)
  SESSION_NOT_FOUND: { status: 404, en: 'Session not found', hi: 'सत्र नहीं मिला' },
  SESSION_ALREADY_REFRESHED: {
    status: 409,
    en: 'This session was renewed a moment ago',
    hi: 'यह सत्र अभी-अभी नवीनीकृत हुआ है',
  },
  CSRF_FAILED: {
    status: 403,
    en: 'The request could not be verified. Reload the page and try again.',
    hi: 'अनुरोध सत्यापित नहीं हो सका। पेज दोबारा लोड करें और फिर से प्रयास करें।',
  },
  TWO_STEP_REQUIRED: {
    status: 403,
    en: 'Enter the 6-digit code from your authenticator app',
    hi: 'अपने ऑथेंटिकेटर ऐप से 6 अंकों का कोड डालें',
  },
  TWO_STEP_CODE_INVALID: {
    status: 400,
    en: 'That code is not right. Check that your phone’s clock is correct and try again.',
    hi: 'यह कोड सही नहीं है। जाँचें कि आपके फ़ोन की घड़ी सही है और फिर से प्रयास करें।',
  },
  TWO_STEP_CHALLENGE_EXPIRED: {
    status: 400,
    en: 'Sign-in took too long. Enter your email and password again.',
    hi: 'साइन-इन में बहुत समय लगा। अपना ईमेल और पासवर्ड फिर से डालें।',
  },
  TWO_STEP_ALREADY_ON: {
    status: 409,
    en: 'Two-step sign-in is already switched on',
    hi: 'दो-चरणीय साइन-इन पहले से चालू है',
  },
  TWO_STEP_NOT_ON: {
    status: 409,
    en: 'Two-step sign-in is not switched on',
    hi: 'दो-चरणीय साइन-इन चालू नहीं है',
  },
  TWO_STEP_REQUIRED_BY_SITE: {
    status: 403,
    en: 'The owner of this site requires two-step sign-in. Switch it on in Profile to open the site.',
    hi: 'इस साइट के मालिक ने दो-चरणीय साइन-इन अनिवार्य किया है। साइट खोलने के लिए प्रोफ़ाइल में इसे चालू करें।',
  },
  TWO_STEP_NEEDED_FOR_RULE: {
    status: 409,
    en: 'Switch on two-step sign-in for yourself before requiring it of the site’s members',
    hi: 'साइट के सदस्यों के लिए अनिवार्य करने से पहले अपने लिए दो-चरणीय साइन-इन चालू करें',
  },
  TWO_STEP_SITE_REQUIRES: {
    status: 409,
    en: 'A site you belong to ({site}) requires two-step sign-in, so it cannot be switched off',
    hi: 'आपकी एक साइट ({site}) में दो-चरणीय साइन-इन अनिवार्य है, इसलिए इसे बंद नहीं किया जा सकता',
  },
  TWO_STEP_SETUP_NEEDED: {
    status: 409,
    en: 'Start the setup again: scan the new QR code with your authenticator app',
    hi: 'सेटअप फिर से शुरू करें: नया QR कोड अपने ऑथेंटिकेटर ऐप से स्कैन करें',
  },

  // Sites, members, invitations
  NO_SITE_SELECTED: { status: 400, en: 'No site selected', hi: 'कोई साइट चयनित नहीं है' },
  USER_NOT_FOUND: {
    status: 404,
    en: 'No user found with email {email}',
    hi: 'ईमेल {email} वाला कोई उपयोगकर्ता नहीं मिला',
  },
  ALREADY_ASSIGNED: {
    status: 409,
    en: 'User is already assigned to this site',
    hi: 'उपयोगकर्ता पहले से इस साइट पर नियुक्त है',
  },
  LAST_OWNER: {
    status: 409,
    en: 'Cannot remove the last owner from the site',
    hi: 'साइट के अंतिम मालिक को हटाया नहीं जा सकता',
    variants: {
      demote: {
        en: 'Cannot change role of the last owner',
        hi: 'अंतिम मालिक की भूमिका नहीं बदली जा सकती',
      },
    },
  },
  CANNOT_REMOVE_SELF: {
    status: 400,
    en: 'You cannot remove yourself from the site',
    hi: 'आप स्वयं को साइट से नहीं हटा सकते',
  },
  SELF_INVITE: {
    status: 400,
    en: 'You cannot send an invitation to yourself',
    hi: 'आप स्वयं को निमंत्रण नहीं भेज सकते',
  },
  ALREADY_MEMBER: {
    status: 409,
    en: '{email} is already a member of this site as {role}',
    hi: '{email} पहले से इस साइट के {role} के रूप में सदस्य हैं',
    variants: {
      self: {
        en: 'You are already a member of this site',
        hi: 'आप पहले से इस साइट के सदस्य हैं',
      },
    },
  },
  INVITATION_PENDING: {
    status: 409,
    en: 'An active invitation for this email already exists. It expires on {expires_at}',
    hi: 'इस ईमेल के लिए एक सक्रिय निमंत्रण पहले से मौजूद है। यह {expires_at} को समाप्त होगा',
  },
  INVITATION_NOT_FOUND: { status: 404, en: 'Invitation not found', hi: 'निमंत्रण नहीं मिला' },
  INVITATION_EXPIRED: {
    status: 410,
    en: 'This invitation has expired',
    hi: 'यह निमंत्रण समाप्त हो चुका है',
  },
  EMAIL_NOT_VERIFIED: {
    status: 403,
    en: 'Verify your email address to accept this invitation, or open the link in the invitation mail',
    hi: 'यह निमंत्रण स्वीकार करने के लिए अपना ईमेल पता सत्यापित करें, या निमंत्रण ईमेल का लिंक खोलें',
  },

  // Plans and subscriptions
  LIMIT_EXCEEDED: {
    status: 403,
    en: 'Limit exceeded',
    hi: 'सीमा पार हो गई',
    variants: {
      sites: {
        en: 'Your plan allows at most {limit} site(s). Upgrade your plan to create more sites.',
        hi: 'आपकी योजना में अधिकतम {limit} साइट की अनुमति है। अधिक साइट बनाने के लिए योजना अपग्रेड करें।',
      },
    },
  },
  FEATURE_NOT_AVAILABLE: {
    status: 403,
    en: 'Feature not available in this plan',
    hi: 'यह सुविधा इस योजना में उपलब्ध नहीं है',
  },
  SUBSCRIPTION_INACTIVE: {
    status: 403,
    en: 'The subscription for this site is not active. The site is read-only.',
    hi: 'इस साइट की सदस्यता सक्रिय नहीं है। साइट केवल पढ़ने के लिए है।',
  },
  NO_SUBSCRIPTION: {
    status: 404,
    en: 'No subscription to cancel',
    hi: 'रद्द करने के लिए कोई सदस्यता नहीं है',
    variants: {
      reactivate: {
        en: 'No subscription to reactivate',
        hi: 'पुनः सक्रिय करने के लिए कोई सदस्यता नहीं है',
      },
    },
  },
  PAYMENT_VERIFICATION_FAILED: {
    status: 400,
    en: 'Payment failed',
    hi: 'भुगतान विफल रहा',
  },
  INVALID_SIGNATURE: { status: 400, en: 'Invalid signature', hi: 'अमान्य हस्ताक्षर' },
  PAYMENTS_NOT_CONFIGURED: {
    status: 503,
    en: 'Payments are not configured',
    hi: 'भुगतान की व्यवस्था कॉन्फ़िगर नहीं है',
  },
  PAYMENT_PROVIDER_ERROR: {
    status: 502,
    en: 'The payment provider could not be reached. Please try again.',
    hi: 'भुगतान प्रदाता से संपर्क नहीं हो सका। कृपया फिर से प्रयास करें।',
  },

  // Payments and credit notes
  CREDIT_NOTES_EXCEED_AMOUNT: {
    status: 400,
    en: 'Credit note allocations cannot exceed the payment amount',
    hi: 'क्रेडिट नोट आवंटन भुगतान राशि से अधिक नहीं हो सकता',
  },
  ACCOUNT_REQUIRED: {
    status: 400,
    en: 'Account selection is required when credit notes do not cover the full payment amount.',
    hi: 'जब क्रेडिट नोट पूरी भुगतान राशि को कवर नहीं करते, तब खाता चुनना आवश्यक है।',
  },
  CREDIT_NOTE_PRIORITY: {
    status: 400,
    en: 'Credit notes must be used oldest first: use the older credit notes fully before newer ones or an account',
    hi: 'क्रेडिट नोट पुराने से पहले उपयोग होने चाहिए: नए नोट या खाते से पहले पुराने नोट पूरी तरह उपयोग करें',
  },
  CREDIT_NOTE_BALANCE_CHANGED: {
    status: 409,
    en: 'The balance of credit note {reference} has changed: requested {requested}, available {available}',
    hi: 'क्रेडिट नोट {reference} की शेष राशि बदल गई है: माँगी गई {requested}, उपलब्ध {available}',
  },
  CREDIT_NOTE_NOT_FOUND: {
    status: 404,
    en: 'Credit note not found',
    hi: 'क्रेडिट नोट नहीं मिला',
  },
  ALLOCATION_EXCEEDS_DUE: {
    status: 400,
    en: 'An allocation exceeds the amount still due or the payment amount',
    hi: 'आवंटन बकाया राशि या भुगतान राशि से अधिक है',
  },
  PAYMENT_HAS_ALLOCATIONS: {
    status: 409,
    en: 'Cannot delete payment with existing allocations. Please remove all allocations first.',
    hi: 'मौजूदा आवंटन वाले भुगतान को हटाया नहीं जा सकता। कृपया पहले सभी आवंटन हटाएँ।',
  },
  BOOKING_HAS_PAYMENTS: {
    status: 409,
    en: 'Cannot delete service booking: It has payments assigned to it. Please remove all payments before deleting.',
    hi: 'सेवा बुकिंग हटाई नहीं जा सकती: इसके साथ भुगतान जुड़े हैं। हटाने से पहले सभी भुगतान हटाएँ।',
  },

  // Returns
  RETURN_QUANTITY_EXCEEDED: {
    status: 400,
    en: 'Only {available} units available for return ({returned} already returned)',
    hi: 'वापसी के लिए केवल {available} इकाइयाँ उपलब्ध हैं ({returned} पहले ही वापस की जा चुकी हैं)',
  },
  ALREADY_FULLY_RETURNED: {
    status: 400,
    en: 'This item has already been fully returned',
    hi: 'यह सामान पहले ही पूरी तरह वापस किया जा चुका है',
  },
  INVALID_STATUS_TRANSITION: {
    status: 409,
    en: 'This change is not allowed for a return that is {status}',
    hi: '{status} स्थिति वाली वापसी में यह बदलाव नहीं किया जा सकता',
    variants: {
      approve: {
        en: 'Cannot approve a return that is {status}',
        hi: '{status} स्थिति वाली वापसी को स्वीकृत नहीं किया जा सकता',
      },
      reject: {
        en: 'Cannot reject a return that is {status}',
        hi: '{status} स्थिति वाली वापसी को अस्वीकार नहीं किया जा सकता',
      },
      complete: {
        en: 'Cannot complete a return that is {status}',
        hi: '{status} स्थिति वाली वापसी को पूर्ण नहीं किया जा सकता',
      },
      refund: {
        en: 'A refund cannot be recorded for a return that is {status}',
        hi: '{status} स्थिति वाली वापसी के लिए रिफ़ंड दर्ज नहीं किया जा सकता',
      },
      edit: {
        en: 'The items of a return that is {status} cannot change',
        hi: '{status} स्थिति वाली वापसी की वस्तुएँ बदली नहीं जा सकतीं',
      },
    },
  },
  REFUND_EXCEEDS_RETURN: {
    status: 400,
    en: 'The refund ({requested}) exceeds what is left of the return amount ({available} of {total})',
    hi: 'रिफ़ंड ({requested}) वापसी राशि के शेष भाग ({total} में से {available}) से अधिक है',
  },
  RETURN_HAS_REFUNDS: {
    status: 409,
    en: 'Cannot delete a return that has refunds or credit notes',
    hi: 'जिस वापसी पर रिफ़ंड या क्रेडिट नोट दर्ज हैं, उसे हटाया नहीं जा सकता',
  },
  RETURN_REFUNDED: {
    status: 409,
    en: 'This return has already been refunded: its items, quantities and rates can no longer change',
    hi: 'इस वापसी का रिफ़ंड हो चुका है: इसकी वस्तुएँ, मात्राएँ और दरें अब बदली नहीं जा सकतीं',
  },
  CREDIT_NOTE_USED: {
    status: 409,
    en: 'This credit note has been used in payments: it cannot be deleted',
    hi: 'यह क्रेडिट नोट भुगतानों में उपयोग हो चुका है: इसे हटाया नहीं जा सकता',
  },
  CREDIT_NOTE_AMOUNT_BELOW_USED: {
    status: 409,
    en: 'The credit note amount (₹{requested}) cannot be less than the ₹{used} already used in payments',
    hi: 'क्रेडिट नोट की राशि (₹{requested}) भुगतानों में पहले से उपयोग की गई ₹{used} से कम नहीं हो सकती',
  },

  // Deliveries, batch, files
  DELIVERY_ITEMS_DELETE_FAILED: {
    status: 500,
    en: 'Failed to delete delivery items',
    hi: 'डिलीवरी की वस्तुएँ हटाने में विफल',
  },
  DELIVERY_DELETE_FAILED: {
    status: 500,
    en: 'Failed to delete delivery',
    hi: 'डिलीवरी हटाने में विफल',
  },
  DUPLICATE_SUPPLIER_INVOICE: {
    status: 409,
    en: 'Supplier invoice {number} of this GSTIN is already recorded in this financial year (bill of {date}): the same invoice cannot be entered twice',
    hi: 'इस GSTIN का आपूर्तिकर्ता बिल {number} इस वित्त वर्ष में पहले से दर्ज है ({date} का बिल): एक ही बिल दो बार दर्ज नहीं किया जा सकता',
  },
  DELIVERY_HAS_PAYMENTS: {
    status: 409,
    en: 'Cannot delete delivery: payments or returns refer to it. Please remove them first.',
    hi: 'डिलीवरी हटाई नहीं जा सकती: भुगतान या वापसी इससे जुड़े हैं। कृपया पहले उन्हें हटाएँ।',
    variants: {
      vendor: {
        en: 'Cannot change the vendor of a delivery that has payments or returns',
        hi: 'जिस डिलीवरी पर भुगतान या वापसी दर्ज है उसका विक्रेता बदला नहीं जा सकता',
      },
      returned_line: {
        en: 'This line has returns: its item cannot change and its quantity cannot go below {returned}',
        hi: 'इस पंक्ति पर वापसी दर्ज है: इसकी वस्तु नहीं बदल सकती और मात्रा {returned} से कम नहीं हो सकती',
      },
    },
  },
  DELIVERY_NEEDS_ITEM: {
    status: 400,
    en: 'A delivery must keep at least one item',
    hi: 'डिलीवरी में कम से कम एक वस्तु होनी चाहिए',
  },
  TOTAL_BELOW_PAID: {
    status: 409,
    en: 'The new total ({total}) would be less than the amount already paid ({paid})',
    hi: 'नया कुल ({total}) पहले से भुगतान की गई राशि ({paid}) से कम हो जाएगा',
  },
  INVALID_STATUS: {
    status: 409,
    en: 'This cannot be done while the record is {status}',
    hi: 'रिकॉर्ड के {status} रहते यह नहीं किया जा सकता',
    variants: {
      received: {
        en: 'Goods were already received against this purchase order: close it instead',
        hi: 'इस खरीद आदेश पर माल पहले ही आ चुका है: इसे रद्द करने के बजाय बंद करें',
      },
    },
  },
  PO_NOT_ISSUED: {
    status: 400,
    en: 'Goods can be received only against an issued purchase order',
    hi: 'माल केवल जारी किए गए खरीद आदेश पर ही प्राप्त किया जा सकता है',
  },
  PO_QUANTITY_EXCEEDED: {
    status: 400,
    en: 'Only {ordered} were ordered and {received} already received: {requested} more is too much',
    hi: 'केवल {ordered} का आदेश था और {received} पहले ही आ चुके हैं: {requested} और बहुत ज़्यादा है',
  },
  PO_QUANTITY_BELOW_RECEIVED: {
    status: 409,
    en: 'A line cannot be ordered below what was already received ({received})',
    hi: 'किसी पंक्ति का आदेश पहले से प्राप्त मात्रा ({received}) से कम नहीं किया जा सकता',
  },
  WO_QUANTITY_EXCEEDED: {
    status: 400,
    en: 'Only {ordered} were ordered and {billed} already billed: {requested} more is too much',
    hi: 'केवल {ordered} का आदेश था और {billed} का बिल पहले ही बन चुका है: {requested} और बहुत ज़्यादा है',
  },
  NOT_LATEST_BILL: {
    status: 409,
    en: 'Only the latest bill of a work order can be changed or deleted',
    hi: 'कार्य आदेश का केवल सबसे नया बिल ही बदला या हटाया जा सकता है',
  },
  RETENTION_NOT_DUE: {
    status: 409,
    en: 'Retention falls due on {retention_due_date}: release it earlier only against a bank guarantee',
    hi: 'रिटेंशन {retention_due_date} को देय होता है: इससे पहले केवल बैंक गारंटी के बदले ही जारी करें',
  },
  OVER_BUDGET: {
    status: 409,
    en: 'This order takes a budget line past its budget of {budget} by {over}: an owner may issue it anyway',
    hi: 'यह ऑर्डर एक बजट पंक्ति को उसके बजट {budget} से {over} ऊपर ले जाता है: मालिक फिर भी इसे जारी कर सकते हैं',
  },
  ATTENDANCE_OVER_ONE_DAY: {
    status: 409,
    en: 'This worker is already marked for {marked_total} of a day on {date}: one person cannot work more than one day',
    hi: 'यह मज़दूर {date} को पहले ही {marked_total} दिन के लिए दर्ज है: एक व्यक्ति एक दिन से ज़्यादा काम नहीं कर सकता',
  },
  WAGE_SHEET_LOCKED: {
    status: 409,
    en: 'Attendance on {date} is in wage sheet {sheet}: delete the sheet to change it',
    hi: '{date} की हाज़िरी मज़दूरी शीट {sheet} में है: बदलने के लिए शीट हटाएँ',
  },
  NOTHING_TO_PAY: {
    status: 400,
    en: 'No attendance was marked for these workers in this period',
    hi: 'इस अवधि में इन मज़दूरों की कोई हाज़िरी दर्ज नहीं है',
    variants: {
      imprest: {
        en: 'Nothing was approved from this petty cash since it was last replenished',
        hi: 'पिछली बार भरने के बाद इस छोटी नक़दी से कुछ भी स्वीकृत नहीं हुआ है',
      },
    },
  },
  PHOTO_REQUIRED: {
    status: 409,
    en: 'An expense above ₹{amount} needs a photo of its bill: attach it first',
    hi: '₹{amount} से ज़्यादा के ख़र्च के लिए बिल की फ़ोटो ज़रूरी है: पहले फ़ोटो लगाएँ',
  },
  WAGE_SHEET_PAID: {
    status: 409,
    en: 'This wage sheet is paid: delete the payment first',
    hi: 'यह मज़दूरी शीट भुगतान हो चुकी है: पहले भुगतान हटाएँ',
    variants: {
      not_approved: {
        en: 'An owner must approve this wage sheet before it is paid',
        hi: 'भुगतान से पहले मालिक को यह मज़दूरी शीट स्वीकृत करनी होगी',
      },
      contractor: {
        en: "A labour contractor's sheet is a bill: pay it from the vendor's payments",
        hi: 'लेबर ठेकेदार की शीट एक बिल है: इसका भुगतान विक्रेता के भुगतान से करें',
      },
    },
  },
  INSUFFICIENT_STOCK: {
    status: 400,
    en: 'Only {available} in stock: {requested} cannot be taken out',
    hi: 'स्टॉक में केवल {available} है: {requested} नहीं निकाला जा सकता',
    variants: {
      later_day: {
        en: 'Only {available} can be taken out on {date} without a later day going below zero: {requested} cannot be taken out',
        hi: '{date} को केवल {available} निकाला जा सकता है, वरना आगे किसी दिन स्टॉक शून्य से नीचे चला जाएगा: {requested} नहीं निकाला जा सकता',
      },
    },
  },
  STOCK_WOULD_GO_NEGATIVE: {
    status: 409,
    en: 'Stock of {item_name} would go below zero on {date} (short by {short}); this site does not allow negative stock',
    hi: '{date} को {item_name} का स्टॉक शून्य से नीचे चला जाएगा ({short} कम); इस साइट पर ऋणात्मक स्टॉक की अनुमति नहीं है',
  },
  BATCH_FAILED: {
    status: 400,
    en: 'Batch create/update/delete failed',
    hi: 'बैच में बनाना/बदलना/हटाना विफल रहा',
  },
  FILE_TOO_LARGE: {
    status: 413,
    en: 'File is too large (maximum {max_mb} MB)',
    hi: 'फ़ाइल बहुत बड़ी है (अधिकतम {max_mb} MB)',
  },
  INVALID_FILE_TYPE: {
    status: 415,
    en: 'Invalid file type',
    hi: 'अमान्य फ़ाइल प्रकार',
  },
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export type ErrorData = Record<string, unknown>;

export function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, code);
}

export function statusFor(code: ErrorCode): number {
  return ERRORS[code].status;
}

function fill(template: string, data: ErrorData | undefined): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = data?.[key];
    return value === undefined || value === null ? whole : String(value);
  });
}

/** The message for a code in a language; `data.variant` picks an alternative wording. */
export function messageFor(code: ErrorCode, language: Language, data?: ErrorData): string {
  const def: ErrorDefinition = ERRORS[code];
  const variantKey = typeof data?.variant === 'string' ? data.variant : undefined;
  const chosen = (variantKey && def.variants?.[variantKey]) || def;
  return fill(chosen[language], data);
}

/** `Accept-Language: hi-IN,hi;q=0.9,en;q=0.8` → 'hi'; anything else → 'en'. */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return 'en';
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.find((p) => p.trim().startsWith('q='));
      return {
        lang: tag.trim().toLowerCase().slice(0, 2),
        q: q ? Number(q.split('=')[1]) : 1,
        index,
      };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    if (entry.lang === 'hi' || entry.lang === 'en') return entry.lang;
  }
  return 'en';
}

/** Shape of every error body (API.md). */
export interface ApiErrorBody {
  status: number;
  code: string;
  message: string;
  data: ErrorData;
}
