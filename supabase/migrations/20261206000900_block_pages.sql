-- Block pages (issue 38): pages staff build from blocks (a hero, a feature grid, a FAQ, a lead
-- form ...) instead of a developer writing a React page, with drafts, preview links, revisions
-- and scheduled publishing as posts have them.
--
-- public.block_pages holds one row per page: its route, its name in the admin and its blocks as
-- JSON. Every block is checked here against the same schema the editor checks it with
-- (frontend/src/components/blocks/block-schemas.json, kept below as private.block_schema()), so
-- a bad block is refused whichever client saves it: 22023 (PostgREST answers 400) with the
-- editor's message naming the block and the field, and nothing half-saved.
--
-- Who: anon reads live pages (published and due); staff read every page; editors (owners and the
-- passcode among them) write every page and alone delete; authors add and change their own
-- drafts, never publishing or scheduling one. The six site pages the seed adds are system pages:
-- nobody deletes, unpublishes or moves them, and only the migrations and the service role mark a
-- page as one.
--
-- Each save keeps a revision (entity 'block_page', restorable), writes the activity log, wakes
-- every site instance (channel claimbridge_site), and moves or takes back redirects as posts do.
-- A new page gets its page_seo_settings row, so Page SEO and Webpage Edit list it; anon does not
-- see that row while the page is not live.

-- The block schema ---------------------------------------------------------------------------------
-- The exact document of block-schemas.json (a test compares them): kinds, their fields and limits.
-- Whoever changes the JSON changes this literal in a new migration.
create or replace function private.block_schema() returns jsonb
language sql immutable parallel safe set search_path = ''
as $schema$ select $json$
{
  "$comment": "The block kinds of block pages: fields, limits and labels. The editor validates with it (validate-blocks.ts) and the database with the same document (private.block_schema(), supabase/migrations/20261206000900_block_pages.sql); block-vectors.json pins the two to each other.",
  "maxBlocks": 40,
  "kinds": {
    "hero": {
      "label": "Hero",
      "group": "campaign",
      "description": "The page's opening: its one heading, a short text, a picture and up to two actions.",
      "fields": {
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 100
        },
        "heading": {
          "type": "text",
          "label": "Heading",
          "max": 140,
          "required": true
        },
        "text": {
          "type": "text",
          "label": "Text",
          "max": 600,
          "multiline": true
        },
        "points": {
          "type": "list",
          "label": "Points",
          "max": 6,
          "item": {
            "type": "text",
            "max": 200,
            "required": true
          }
        },
        "visual": {
          "type": "choice",
          "label": "Picture",
          "options": [
            "none",
            "image",
            "claim-timeline"
          ],
          "help": "claim-timeline: the home page's claim illustration."
        },
        "image": {
          "type": "image",
          "label": "Image"
        },
        "actions": {
          "type": "list",
          "label": "Actions",
          "max": 2,
          "fields": {
            "label": {
              "type": "text",
              "label": "Label",
              "max": 60,
              "required": true
            },
            "href": {
              "type": "link",
              "label": "Link",
              "required": true
            }
          }
        }
      }
    },
    "page-header": {
      "label": "Page header",
      "group": "campaign",
      "description": "A compact opening: eyebrow, the page's one heading, a subtitle and actions.",
      "fields": {
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 100
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "subtitle": {
          "type": "text",
          "label": "Subtitle",
          "max": 500,
          "multiline": true
        },
        "actions": {
          "type": "list",
          "label": "Actions",
          "max": 2,
          "fields": {
            "label": {
              "type": "text",
              "label": "Label",
              "max": 60,
              "required": true
            },
            "href": {
              "type": "link",
              "label": "Link",
              "required": true
            }
          }
        }
      }
    },
    "feature-grid": {
      "label": "Feature grid",
      "group": "campaign",
      "description": "Cards with an icon, a title, a sentence, optional points and a link.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 80
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "lead": {
          "type": "text",
          "label": "Lead",
          "max": 400,
          "multiline": true
        },
        "surface": {
          "type": "boolean",
          "label": "Tinted background"
        },
        "columns": {
          "type": "choice",
          "label": "Cards a row",
          "options": [
            "3",
            "4"
          ]
        },
        "cards": {
          "type": "list",
          "label": "Cards",
          "max": 12,
          "min": 1,
          "fields": {
            "anchor": {
              "type": "anchor",
              "label": "Anchor",
              "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
            },
            "icon": {
              "type": "choice",
              "label": "Icon",
              "options": [
                "dashboard",
                "store",
                "truck",
                "plug",
                "wheelchair",
                "package",
                "prosthetic",
                "trending-up",
                "shield-check",
                "lock",
                "code",
                "webhook",
                "file-text",
                "refresh",
                "users",
                "award",
                "heart-pulse",
                "graduation",
                "calendar",
                "dollar",
                "laptop",
                "sun",
                "message",
                "stethoscope",
                "receipt",
                "target",
                "alert",
                "building",
                "terminal",
                "check-circle",
                "mail",
                "phone",
                "map-pin",
                "clock"
              ],
              "required": true
            },
            "title": {
              "type": "text",
              "label": "Title",
              "max": 100,
              "required": true
            },
            "text": {
              "type": "text",
              "label": "Text",
              "max": 400,
              "required": true,
              "multiline": true
            },
            "points": {
              "type": "list",
              "label": "Points",
              "max": 6,
              "item": {
                "type": "text",
                "max": 200,
                "required": true
              }
            },
            "linkLabel": {
              "type": "text",
              "label": "Link label",
              "max": 60
            },
            "linkHref": {
              "type": "link",
              "label": "Link"
            }
          }
        }
      }
    },
    "stats-strip": {
      "label": "Stats strip",
      "group": "campaign",
      "description": "A row of figures, each a value and what it measures.",
      "fields": {
        "title": {
          "type": "text",
          "label": "Title (for screen readers)",
          "max": 160,
          "required": true
        },
        "look": {
          "type": "choice",
          "label": "Look",
          "options": [
            "band",
            "tiles"
          ]
        },
        "stats": {
          "type": "list",
          "label": "Figures",
          "max": 6,
          "min": 1,
          "fields": {
            "value": {
              "type": "text",
              "label": "Value",
              "max": 20,
              "required": true
            },
            "label": {
              "type": "text",
              "label": "Label",
              "max": 80,
              "required": true
            }
          }
        }
      }
    },
    "logo-strip": {
      "label": "Customer logos",
      "group": "campaign",
      "description": "A title over a scrolling strip of customer logos.",
      "fields": {
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "logos": {
          "type": "list",
          "label": "Logos",
          "max": 20,
          "min": 1,
          "fields": {
            "name": {
              "type": "text",
              "label": "Customer name",
              "max": 80,
              "required": true
            },
            "image": {
              "type": "image",
              "label": "Logo",
              "required": true
            }
          }
        }
      }
    },
    "testimonial": {
      "label": "Testimonial",
      "group": "campaign",
      "description": "A client's quote with their name and role.",
      "fields": {
        "title": {
          "type": "text",
          "label": "Title (for screen readers)",
          "max": 160
        },
        "quote": {
          "type": "text",
          "label": "Quote",
          "max": 800,
          "required": true,
          "multiline": true
        },
        "name": {
          "type": "text",
          "label": "Name",
          "max": 80,
          "required": true
        },
        "role": {
          "type": "text",
          "label": "Role and company",
          "max": 120
        }
      }
    },
    "faq": {
      "label": "FAQ",
      "group": "campaign",
      "description": "Questions and answers, also given to search engines as FAQ structured data.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 80
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "lead": {
          "type": "text",
          "label": "Lead",
          "max": 400,
          "multiline": true
        },
        "surface": {
          "type": "boolean",
          "label": "Tinted background"
        },
        "items": {
          "type": "list",
          "label": "Questions",
          "max": 20,
          "min": 1,
          "fields": {
            "question": {
              "type": "text",
              "label": "Question",
              "max": 200,
              "required": true
            },
            "answer": {
              "type": "text",
              "label": "Answer",
              "max": 1500,
              "required": true,
              "multiline": true
            }
          }
        }
      }
    },
    "cta-band": {
      "label": "Call-to-action band",
      "group": "campaign",
      "description": "A navy band with a title, a sentence and up to three actions.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "text": {
          "type": "text",
          "label": "Text",
          "max": 400,
          "multiline": true
        },
        "actions": {
          "type": "list",
          "label": "Actions",
          "max": 3,
          "min": 1,
          "fields": {
            "label": {
              "type": "text",
              "label": "Label",
              "max": 60,
              "required": true
            },
            "href": {
              "type": "link",
              "label": "Link",
              "required": true
            }
          }
        }
      }
    },
    "rich-text": {
      "label": "Rich text",
      "group": "campaign",
      "description": "Formatted text from the post editor (headings, lists, links, images).",
      "fields": {
        "html": {
          "type": "richtext",
          "label": "Text",
          "max": 100000,
          "required": true
        }
      }
    },
    "whitepaper-cards": {
      "label": "Whitepaper cards",
      "group": "campaign",
      "description": "Whitepapers from the library, each with its download form.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 80
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "lead": {
          "type": "text",
          "label": "Lead",
          "max": 400,
          "multiline": true
        },
        "surface": {
          "type": "boolean",
          "label": "Tinted background"
        },
        "show": {
          "type": "choice",
          "label": "Show",
          "options": [
            "featured",
            "all"
          ]
        },
        "limit": {
          "type": "number",
          "label": "At most",
          "min": 1,
          "max": 12
        }
      }
    },
    "lead-form": {
      "label": "Lead form",
      "group": "campaign",
      "description": "The contact form on the page itself; its leads name this page as their source.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "text": {
          "type": "text",
          "label": "Text",
          "max": 600,
          "multiline": true
        },
        "submitLabel": {
          "type": "text",
          "label": "Button label",
          "max": 40
        }
      }
    },
    "text-cards": {
      "label": "Text cards",
      "group": "section",
      "description": "A section of cards, each a title and a sentence.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 80
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "lead": {
          "type": "text",
          "label": "Lead",
          "max": 400,
          "multiline": true
        },
        "surface": {
          "type": "boolean",
          "label": "Tinted background"
        },
        "items": {
          "type": "list",
          "label": "Cards",
          "max": 12,
          "min": 1,
          "fields": {
            "title": {
              "type": "text",
              "label": "Title",
              "max": 100,
              "required": true
            },
            "text": {
              "type": "text",
              "label": "Text",
              "max": 500,
              "required": true,
              "multiline": true
            }
          }
        }
      }
    },
    "steps": {
      "label": "Numbered steps",
      "group": "section",
      "description": "A section of numbered steps, each a title and a sentence.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 80
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "lead": {
          "type": "text",
          "label": "Lead",
          "max": 400,
          "multiline": true
        },
        "surface": {
          "type": "boolean",
          "label": "Tinted background"
        },
        "steps": {
          "type": "list",
          "label": "Steps",
          "max": 12,
          "min": 1,
          "fields": {
            "title": {
              "type": "text",
              "label": "Title",
              "max": 100,
              "required": true
            },
            "text": {
              "type": "text",
              "label": "Text",
              "max": 500,
              "required": true,
              "multiline": true
            }
          }
        }
      }
    },
    "segments": {
      "label": "Customer types",
      "group": "section",
      "description": "Customer types, each with a picture, their pain points and how we solve them.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 80
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "lead": {
          "type": "text",
          "label": "Lead",
          "max": 400,
          "multiline": true
        },
        "surface": {
          "type": "boolean",
          "label": "Tinted background"
        },
        "segments": {
          "type": "list",
          "label": "Customer types",
          "max": 8,
          "min": 1,
          "fields": {
            "anchor": {
              "type": "anchor",
              "label": "Anchor",
              "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
            },
            "title": {
              "type": "text",
              "label": "Title",
              "max": 100,
              "required": true
            },
            "subtitle": {
              "type": "text",
              "label": "Subtitle",
              "max": 100
            },
            "description": {
              "type": "text",
              "label": "Description",
              "max": 600,
              "required": true,
              "multiline": true
            },
            "image": {
              "type": "image",
              "label": "Picture",
              "required": true
            },
            "painPoints": {
              "type": "list",
              "label": "Common pain points",
              "max": 8,
              "min": 1,
              "item": {
                "type": "text",
                "max": 200,
                "required": true
              }
            },
            "solutions": {
              "type": "list",
              "label": "How we solve them",
              "max": 8,
              "min": 1,
              "item": {
                "type": "text",
                "max": 200,
                "required": true
              }
            }
          }
        }
      }
    },
    "integration-categories": {
      "label": "Integration categories",
      "group": "section",
      "description": "Categories of systems we connect to, each with its systems.",
      "fields": {
        "anchor": {
          "type": "anchor",
          "label": "Anchor",
          "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
        },
        "eyebrow": {
          "type": "text",
          "label": "Eyebrow",
          "max": 80
        },
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "lead": {
          "type": "text",
          "label": "Lead",
          "max": 400,
          "multiline": true
        },
        "surface": {
          "type": "boolean",
          "label": "Tinted background"
        },
        "categories": {
          "type": "list",
          "label": "Categories",
          "max": 12,
          "min": 1,
          "fields": {
            "anchor": {
              "type": "anchor",
              "label": "Anchor",
              "help": "Optional id for links to this section (#anchor): lowercase letters, digits and hyphens."
            },
            "icon": {
              "type": "choice",
              "label": "Icon",
              "options": [
                "dashboard",
                "store",
                "truck",
                "plug",
                "wheelchair",
                "package",
                "prosthetic",
                "trending-up",
                "shield-check",
                "lock",
                "code",
                "webhook",
                "file-text",
                "refresh",
                "users",
                "award",
                "heart-pulse",
                "graduation",
                "calendar",
                "dollar",
                "laptop",
                "sun",
                "message",
                "stethoscope",
                "receipt",
                "target",
                "alert",
                "building",
                "terminal",
                "check-circle",
                "mail",
                "phone",
                "map-pin",
                "clock"
              ],
              "required": true
            },
            "title": {
              "type": "text",
              "label": "Title",
              "max": 100,
              "required": true
            },
            "text": {
              "type": "text",
              "label": "Text",
              "max": 400,
              "required": true,
              "multiline": true
            },
            "systems": {
              "type": "list",
              "label": "Systems",
              "max": 16,
              "min": 1,
              "item": {
                "type": "text",
                "max": 60,
                "required": true
              }
            }
          }
        },
        "note": {
          "type": "text",
          "label": "Note",
          "max": 400,
          "multiline": true
        }
      }
    },
    "story": {
      "label": "Story and mission",
      "group": "section",
      "description": "Paragraphs of a story beside a highlighted mission card.",
      "fields": {
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "paragraphs": {
          "type": "list",
          "label": "Paragraphs",
          "max": 8,
          "min": 1,
          "item": {
            "type": "text",
            "max": 1500,
            "required": true
          }
        },
        "missionTitle": {
          "type": "text",
          "label": "Mission title",
          "max": 100,
          "required": true
        },
        "missionText": {
          "type": "text",
          "label": "Mission",
          "max": 400,
          "required": true,
          "multiline": true
        }
      }
    },
    "principles": {
      "label": "Principles and recognition",
      "group": "section",
      "description": "How we work, beside a recognition card with its facts.",
      "fields": {
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "lead": {
          "type": "text",
          "label": "Lead",
          "max": 400,
          "multiline": true
        },
        "items": {
          "type": "list",
          "label": "Principles",
          "max": 8,
          "min": 1,
          "fields": {
            "title": {
              "type": "text",
              "label": "Title",
              "max": 100,
              "required": true
            },
            "text": {
              "type": "text",
              "label": "Text",
              "max": 500,
              "required": true,
              "multiline": true
            }
          }
        },
        "recognitionEyebrow": {
          "type": "text",
          "label": "Recognition eyebrow",
          "max": 60
        },
        "recognitionTitle": {
          "type": "text",
          "label": "Recognition title",
          "max": 160,
          "required": true
        },
        "recognitionText": {
          "type": "text",
          "label": "Recognition text",
          "max": 600,
          "required": true,
          "multiline": true
        },
        "facts": {
          "type": "list",
          "label": "Facts",
          "max": 4,
          "fields": {
            "label": {
              "type": "text",
              "label": "Label",
              "max": 120,
              "required": true
            },
            "value": {
              "type": "text",
              "label": "Value",
              "max": 40,
              "required": true
            }
          }
        }
      }
    },
    "resume-invite": {
      "label": "Resume invitation",
      "group": "section",
      "description": "An invitation to send a resume to the company's email address.",
      "fields": {
        "title": {
          "type": "text",
          "label": "Title",
          "max": 160,
          "required": true
        },
        "text": {
          "type": "text",
          "label": "Text",
          "max": 600,
          "multiline": true
        }
      }
    }
  }
}$json$::jsonb $schema$;

-- Whitespace as the editor's String.prototype.trim() sees it, and the characters text may not hold.
-- Inside a bracket expression: '[' || this || ']'.
create or replace function private.block_space() returns text
language sql immutable parallel safe set search_path = ''
as $$ select '\s\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff' $$;

-- What is wrong with one value `val` (null: not given) of the field defined by `def`, found at
-- `path` (cards[2].title): the path of the problem and the problem in words, or a null problem.
-- Generic over the schema's field types: no kind is named here.
create or replace function private.block_field_problem(
  def jsonb, val jsonb, path text, out field text, out problem text)
language plpgsql immutable set search_path = ''
as $$
declare
  field_type text := def ->> 'type';
  required boolean := coalesce((def ->> 'required')::boolean, false);
  space text := private.block_space();
  str text;
  size integer;
  least_items integer := coalesce((def ->> 'min')::integer, 0);
  at integer;
  key text;
  inner_problem record;
begin
  field := path;
  if val is null or jsonb_typeof(val) = 'null' then
    if required then
      problem := 'is required';
    end if;
    return;
  end if;
  if field_type in ('text', 'richtext') then
    if jsonb_typeof(val) <> 'string' then
      problem := 'must be text';
      return;
    end if;
    str := val #>> '{}';
    if required and str ~ ('^[' || space || ']*$') then
      problem := 'is required';
    elsif length(str) > (def ->> 'max')::integer then
      problem := format('must be at most %s characters', def ->> 'max');
    elsif field_type = 'text' and str ~ (case when coalesce((def ->> 'multiline')::boolean, false)
                                              then '[\u0001-\u0009\u000b-\u001f\u007f]'
                                              else '[\u0001-\u001f\u007f]' end) then
      problem := 'must not contain control characters';
    end if;
  elsif field_type = 'link' then
    if jsonb_typeof(val) <> 'string' then
      problem := 'must be text';
      return;
    end if;
    str := val #>> '{}';
    if length(str) > 2000 then
      problem := 'must be at most 2000 characters';
    -- A site path but never //host (another site), an #anchor, an http(s) address, mailto:, tel:.
    -- javascript:, data: and the backslash (browsers read '\' as '/') are none of these.
    elsif str !~ format('^(/([^/%1$s\\][^%1$s\\]*)?|#[A-Za-z][A-Za-z0-9_-]*|https?://[^%1$s/\\]+[^%1$s\\]*|mailto:[^%1$s\\]+|tel:[0-9+() .-]+)$',
                        space) then
      problem := 'must be a site path (/...), an #anchor, an http(s):// URL, mailto: or tel:';
    end if;
  elsif field_type = 'image' then
    if jsonb_typeof(val) <> 'object' then
      problem := 'must be an image (src and alt)';
      return;
    end if;
    for key in select k from jsonb_object_keys(val) k loop
      if key not in ('src', 'alt') then
        field := path || '.' || key;
        problem := 'is not a field';
        return;
      end if;
    end loop;
    field := path || '.src';
    str := val ->> 'src';
    if str is null or str ~ ('^[' || space || ']*$') then
      problem := 'is required';
    elsif jsonb_typeof(val -> 'src') <> 'string' then
      problem := 'must be text';
    elsif length(str) > 2000 then
      problem := 'must be at most 2000 characters';
    -- Our images, the media library's public files, or an https address: never ../ out of them.
    elsif str !~ format('^(/images/[A-Za-z0-9._~/-]+|/storage/v1/object/public/[A-Za-z0-9._~/%%-]+|https://[^%1$s\\]+)$', space)
          or position('..' in str) > 0 then
      problem := 'must be an image under /images/ or /storage/v1/object/public/, or an https:// URL';
    end if;
    if problem is not null then
      return;
    end if;
    field := path || '.alt';
    str := val ->> 'alt';
    if str is null or str ~ ('^[' || space || ']*$') then
      problem := 'is required';
    elsif jsonb_typeof(val -> 'alt') <> 'string' then
      problem := 'must be text';
    elsif length(str) > 300 then
      problem := 'must be at most 300 characters';
    elsif str ~ '[\u0001-\u001f\u007f]' then
      problem := 'must not contain control characters';
    end if;
  elsif field_type = 'choice' then
    if jsonb_typeof(val) <> 'string' or not (def -> 'options') @> jsonb_build_array(val) then
      problem := 'must be one of: ' || (select string_agg(o.value, ', ' order by o.at)
                                          from jsonb_array_elements_text(def -> 'options') with ordinality o(value, at));
    end if;
  elsif field_type = 'boolean' then
    if jsonb_typeof(val) <> 'boolean' then
      problem := 'must be true or false';
    end if;
  elsif field_type = 'number' then
    if jsonb_typeof(val) <> 'number' or (val #>> '{}')::numeric <> trunc((val #>> '{}')::numeric)
       or (val #>> '{}')::numeric not between (def ->> 'min')::numeric and (def ->> 'max')::numeric then
      problem := format('must be a whole number from %s to %s', def ->> 'min', def ->> 'max');
    end if;
  elsif field_type = 'anchor' then
    if jsonb_typeof(val) <> 'string' or (val #>> '{}') !~ '^[a-z][a-z0-9-]{0,59}$' then
      problem := 'must be lowercase letters, digits and hyphens, starting with a letter';
    end if;
  elsif field_type = 'list' then
    if jsonb_typeof(val) <> 'array' then
      problem := 'must be a list';
      return;
    end if;
    size := jsonb_array_length(val);
    if size > (def ->> 'max')::integer then
      problem := format('must have at most %s items', def ->> 'max');
      return;
    elsif size < least_items then
      problem := format('must have at least %s item%s', least_items, case when least_items > 1 then 's' end);
      return;
    end if;
    for at in 1 .. size loop
      if def ? 'item' then
        inner_problem := private.block_field_problem(def -> 'item', val -> (at - 1), format('%s[%s]', path, at));
      elsif jsonb_typeof(val -> (at - 1)) <> 'object' then
        field := format('%s[%s]', path, at);
        problem := 'must be an object';
        return;
      else
        inner_problem := private.block_fields_problem(def -> 'fields', val -> (at - 1), format('%s[%s].', path, at));
      end if;
      if inner_problem.problem is not null then
        field := inner_problem.field;
        problem := inner_problem.problem;
        return;
      end if;
    end loop;
  else
    -- A field type this migration does not know: the schema changed without the SQL. Refuse
    -- rather than store what nothing checked.
    problem := format('has a field type the database does not know (%s)', field_type);
  end if;
end
$$;

-- The first problem of the object `obj` whose fields are defined by `fields` (a block's data, an
-- item of a list of objects), its paths starting with `prefix`: keys the schema does not name,
-- then each field.
create or replace function private.block_fields_problem(
  fields jsonb, obj jsonb, prefix text, out field text, out problem text)
language plpgsql immutable set search_path = ''
as $$
declare
  key text;
  def record;
  found_problem record;
begin
  for key in select k from jsonb_object_keys(obj) k loop
    if not fields ? key then
      field := prefix || key;
      problem := 'is not a field';
      return;
    end if;
  end loop;
  for def in select e.key, e.value from jsonb_each(fields) e loop
    found_problem := private.block_field_problem(def.value, obj -> def.key, prefix || def.key);
    if found_problem.problem is not null then
      field := found_problem.field;
      problem := found_problem.problem;
      return;
    end if;
  end loop;
end
$$;

-- The first problem of a page's blocks, in the editor's words (validate-blocks.ts writes the same
-- messages): the message, the block's 1-based position, its kind once known and the field's path;
-- all null when the blocks are fine.
create or replace function private.block_problem(
  blocks jsonb, out message text, out block integer, out kind text, out field text)
language plpgsql immutable set search_path = ''
as $$
declare
  schema jsonb := private.block_schema();
  most integer := (schema ->> 'maxBlocks')::integer;
  item jsonb;
  key text;
  ids text[] := '{}';
  id text;
  found_problem record;
begin
  if jsonb_typeof(blocks) is distinct from 'array' or jsonb_array_length(blocks) > most then
    message := format('blocks must be a list of at most %s blocks', most);
    return;
  end if;
  for at in 1 .. jsonb_array_length(blocks) loop
    block := at;
    item := blocks -> (at - 1);
    if jsonb_typeof(item) <> 'object' then
      message := format('Block %s: must be an object with id, kind and data', at);
      return;
    end if;
    for key in select k from jsonb_object_keys(item) k loop
      if key not in ('id', 'kind', 'data') then
        message := format('Block %s: unknown key "%s"', at, key);
        return;
      end if;
    end loop;
    if not (item ? 'id' and item ? 'kind' and item ? 'data') then
      message := format('Block %s: must be an object with id, kind and data', at);
      return;
    end if;
    id := item ->> 'id';
    if jsonb_typeof(item -> 'id') <> 'string' or id !~ '^[A-Za-z0-9_-]{1,40}$' then
      message := format('Block %s: id must be 1 to 40 letters, digits, hyphens or underscores', at);
      return;
    elsif id = any(ids) then
      message := format('Block %s: id "%s" is used by another block', at, id);
      return;
    end if;
    ids := ids || id;
    if jsonb_typeof(item -> 'kind') <> 'string' or not (schema -> 'kinds') ? (item ->> 'kind') then
      message := format('Block %s: unknown kind "%s"', at,
                        case when jsonb_typeof(item -> 'kind') = 'string' then item ->> 'kind'
                             else (item -> 'kind')::text end);
      return;
    end if;
    kind := item ->> 'kind';
    if jsonb_typeof(item -> 'data') <> 'object' then
      message := format('Block %s (%s): data must be an object', at, kind);
      return;
    end if;
    found_problem := private.block_fields_problem(schema -> 'kinds' -> kind -> 'fields', item -> 'data', '');
    if found_problem.problem is not null then
      field := found_problem.field;
      message := format('Block %s (%s): %s %s', at, kind, field, found_problem.problem);
      return;
    end if;
    kind := null;
  end loop;
  block := null;
end
$$;

-- Raises the first problem of `blocks` as the contract says: 22023 with the message, the block,
-- kind and field as JSON in the detail.
create or replace function private.check_blocks(blocks jsonb) returns void
language plpgsql immutable set search_path = ''
as $$
declare
  found_problem record := private.block_problem(blocks);
begin
  if found_problem.message is not null then
    raise exception using errcode = '22023', message = found_problem.message,
      detail = jsonb_build_object('block', found_problem.block, 'kind', found_problem.kind,
                                  'field', found_problem.field)::text,
      hint = 'Nothing was saved: fix the block and save again';
  end if;
end
$$;

-- Routes ----------------------------------------------------------------------------------------------
-- What is wrong with a block page's route, in words for the admin; null when it is fine (a page
-- already at the route is checked apart: 23505). Routes the app itself serves, and the server's
-- own paths, are not a page's to take.
create or replace function private.block_route_problem(p text) returns text
language sql immutable parallel safe set search_path = ''
as $$
  select case
    when p is null or length(p) > 120 or (p <> '/' and p !~ '^(/[a-z0-9]+(-[a-z0-9]+)*)+$') then
      'A page''s route is / or lowercase words of letters and digits joined by hyphens, such as /spring-webinar (at most 120 characters)'
    when p in ('/contact', '/blog', '/whitepapers', '/downloads', '/privacy-policy', '/cookie-policy', '/search',
               '/auth', '/welcome', '/reset-password')
      or p ~ '^/(blog|preview|auth)/'
      or p ~ '^/(admin|rest|storage|functions|realtime|assets|images)(/|$)' then
      format('%s belongs to the site''s own pages; choose another route', p)
  end
$$;

-- The table ---------------------------------------------------------------------------------------
create table if not exists public.block_pages (
  id         uuid primary key default gen_random_uuid(),
  route      text not null unique check (private.block_route_problem(route) is null),
  name       text not null check (length(btrim(name)) between 1 and 120),
  blocks     jsonb not null default '[]'::jsonb,
  published  boolean not null default false,
  -- Published with a publish_at in the future: scheduled, live from then on (no job runs).
  publish_at timestamptz,
  -- One of the site's own pages (the seed's six): never deleted, unpublished or moved.
  system     boolean not null default false,
  author_id  uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists block_pages_author on public.block_pages (author_id) where author_id is not null;

alter table public.block_pages enable row level security;
revoke all on public.block_pages from public, anon, authenticated;
grant select on public.block_pages to anon, authenticated;
-- system and the times are the database's (and the service role's) to write.
grant insert (id, route, name, blocks, published, publish_at, author_id),
      update (route, name, blocks, published, publish_at, author_id), delete on public.block_pages to authenticated;
grant all on public.block_pages to service_role;

drop policy if exists "anon reads live pages" on public.block_pages;
create policy "anon reads live pages" on public.block_pages
  for select to anon using (published and (publish_at is null or publish_at <= now()));
drop policy if exists "users read live pages" on public.block_pages;
create policy "users read live pages" on public.block_pages
  for select to authenticated
  using ((published and (publish_at is null or publish_at <= now())) or (select private.is_staff()));
drop policy if exists "editors write pages" on public.block_pages;
create policy "editors write pages" on public.block_pages
  for all to authenticated using ((select private.is_editor())) with check ((select private.is_editor()));
drop policy if exists "authors add draft pages" on public.block_pages;
create policy "authors add draft pages" on public.block_pages
  for insert to authenticated
  with check ((select private.staff_role()) = 'author' and author_id = (select private.request_user_id())
              and not published and publish_at is null and not system);
drop policy if exists "authors edit their draft pages" on public.block_pages;
create policy "authors edit their draft pages" on public.block_pages
  for update to authenticated
  using ((select private.staff_role()) = 'author' and author_id = (select private.request_user_id())
         and not published and not system)
  with check ((select private.staff_role()) = 'author' and author_id = (select private.request_user_id())
              and not published and publish_at is null and not system);

-- Checks a page before it is stored: its name, its route, its blocks, the system pages' rules and
-- an author's limits (clear 42501 errors where the policies would refuse without a reason, as
-- private.blog_post_author does for posts). A new page is its creator's. Security definer: reads
-- auth.users. Requests by the service role, and the migrations, are trusted with system pages.
create or replace function private.block_page_check() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  caller_role text := private.staff_role();
  caller uuid := private.request_user_id();
  restoring boolean := nullif(current_setting('claimbridge.restoring_revision', true), '') is not null;
  guarded boolean := private.in_request() and coalesce(auth.jwt() ->> 'role', '') <> 'service_role';
  problem text;
begin
  if tg_op = 'DELETE' then
    if guarded and old.system then
      raise exception using errcode = '42501',
        message = format('%s is one of the site''s own pages and cannot be deleted', old.name),
        hint = 'Unpublishing or deleting it would take the page off the site: change its blocks instead';
    end if;
    return old;
  end if;

  if new.name is null or length(btrim(new.name)) not between 1 and 120 then
    raise exception using errcode = '22023', message = 'A page needs a name of 1 to 120 characters';
  end if;
  if tg_op = 'INSERT' or new.route is distinct from old.route then
    problem := private.block_route_problem(new.route);
    if problem is not null then
      raise exception using errcode = '22023', message = problem;
    end if;
    if exists (select 1 from public.block_pages b where b.route = new.route and b.id is distinct from new.id) then
      raise exception using errcode = '23505', message = format('A page already exists at %s', new.route),
        hint = 'Choose another route, or edit that page';
    end if;
  end if;
  perform private.check_blocks(new.blocks);

  if guarded then
    if (tg_op = 'INSERT' and new.system) or (tg_op = 'UPDATE' and new.system is distinct from old.system) then
      raise exception using errcode = '42501', message = 'Only the site''s setup marks a page as one of its own pages';
    end if;
    if tg_op = 'UPDATE' and old.system then
      if new.route is distinct from old.route then
        raise exception using errcode = '42501',
          message = format('%s is one of the site''s own pages and cannot move to another route', old.name);
      end if;
      if not new.published or new.publish_at > now() then
        raise exception using errcode = '42501',
          message = format('%s is one of the site''s own pages and cannot be unpublished or scheduled', old.name);
      end if;
    end if;
  end if;

  if restoring and new.author_id is not null
     and not exists (select 1 from auth.users u where u.id = new.author_id) then
    new.author_id := null;
  end if;
  if caller_role = 'author' then
    if tg_op = 'INSERT' and new.author_id is null then
      new.author_id := caller;
    end if;
    if new.author_id is distinct from caller then
      raise exception using errcode = '42501', message = 'An author writes only their own pages',
        hint = 'Leave author_id out: a new page is yours';
    end if;
    if new.published or new.publish_at is not null then
      raise exception using errcode = '42501', message = 'An author cannot publish or schedule a page',
        hint = 'Save it as a draft (published false, no publish_at): an editor publishes it';
    end if;
  elsif tg_op = 'INSERT' and not restoring and new.author_id is null and caller_role is not null
        and not private.is_admin() then
    new.author_id := caller;
  end if;
  return new;
end
$$;

-- A revision of every save and the activity log (as private.blog_post_changed for posts).
create or replace function private.block_page_changed() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  old_doc jsonb := case when tg_op <> 'INSERT' then private.revision_doc(to_jsonb(old)) end;
  new_doc jsonb := case when tg_op <> 'DELETE' then private.revision_doc(to_jsonb(new)) end;
  doc jsonb := coalesce(new_doc, old_doc);
  id uuid := coalesce(to_jsonb(new) ->> 'id', to_jsonb(old) ->> 'id')::uuid;
  restoring boolean := nullif(current_setting('claimbridge.restoring_revision', true), '') is not null;
  was_live boolean := coalesce((old_doc ->> 'published')::boolean, false);
  is_live boolean := coalesce((new_doc ->> 'published')::boolean, false);
  details jsonb;
begin
  perform private.add_revision('block_page', id, doc ->> 'route', old_doc, new_doc);
  if not private.in_request() or (tg_op = 'UPDATE' and old_doc = new_doc) then
    return null;
  end if;
  details := jsonb_build_object('route', doc ->> 'route');
  perform private.record_activity(
    case when restoring then 'restore' when tg_op = 'INSERT' then 'create'
         when tg_op = 'DELETE' then 'delete' else 'save' end,
    'block_page', id::text, doc ->> 'name', details);
  if is_live and (not was_live or (old_doc ->> 'publish_at') is distinct from (new_doc ->> 'publish_at')) then
    if (new_doc ->> 'publish_at')::timestamptz > now() then
      perform private.record_activity('schedule', 'block_page', id::text, doc ->> 'name',
        details || jsonb_build_object('publish_at', new_doc ->> 'publish_at'));
    else
      perform private.record_activity('publish', 'block_page', id::text, doc ->> 'name', details);
    end if;
  elsif was_live and not is_live and tg_op = 'UPDATE' then
    perform private.record_activity('unpublish', 'block_page', id::text, doc ->> 'name', details);
  end if;
  return null;
end
$$;

-- The page's SEO record follows it: a new page gets one (empty SEO) unless its route has one
-- already, and a route change takes it along unless the new route has one. Redirects as for
-- posts: a live page's old route answers 301 to the new one (a draft's never was public), and a
-- page published at a redirected route takes it back. The SEO record's own redirect trigger
-- stands aside for these writes (claimbridge.block_page_seo). Pages the migrations add (the
-- site's own) get no SEO record here: a new database has its records from seed.sql, which runs
-- only while page_seo_settings is empty, and an existing one has them already.
create or replace function private.block_page_follow() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform set_config('claimbridge.block_page_seo', 'on', true);
  if not private.in_request() then
    null;
  elsif tg_op = 'INSERT' then
    insert into public.page_seo_settings (page_route, page_name) values (new.route, new.name)
    on conflict (page_route) do nothing;
  elsif new.route is distinct from old.route
        and not exists (select 1 from public.page_seo_settings p where p.page_route = new.route) then
    update public.page_seo_settings p set page_route = new.route where p.page_route = old.route;
    if not found then
      insert into public.page_seo_settings (page_route, page_name) values (new.route, new.name)
      on conflict (page_route) do nothing;
    end if;
  end if;
  perform set_config('claimbridge.block_page_seo', '', true);

  if tg_op = 'UPDATE' and new.route is distinct from old.route
     and old.published and (old.publish_at is null or old.publish_at <= now()) then
    perform private.redirect_moved(old.route, new.route, format('Page route changed: %s', new.name));
  elsif new.published and (tg_op = 'INSERT' or new.route is distinct from old.route or not old.published) then
    perform private.redirect_clear(new.route);
  end if;
  return null;
end
$$;

-- As in 20261206000700, standing aside while a block page moves its SEO record.
create or replace function private.page_route_redirects() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if current_setting('claimbridge.block_page_seo', true) = 'on' then
    return null;
  end if;
  if tg_op = 'UPDATE' and new.page_route is distinct from old.page_route then
    perform private.redirect_moved(old.page_route, new.page_route,
                                   format('Page route changed: %s', new.page_name));
  elsif tg_op = 'INSERT' then
    perform private.redirect_clear(new.page_route);
  end if;
  return null;
end
$$;

drop trigger if exists check_page on public.block_pages;
create trigger check_page before insert or update or delete on public.block_pages
  for each row execute function private.block_page_check();
drop trigger if exists set_updated_at on public.block_pages;
create trigger set_updated_at before update on public.block_pages
  for each row execute function private.set_updated_at();
drop trigger if exists keep_revision on public.block_pages;
create trigger keep_revision after insert or update or delete on public.block_pages
  for each row execute function private.block_page_changed();
drop trigger if exists follow_route on public.block_pages;
create trigger follow_route after insert or update of route, published, publish_at on public.block_pages
  for each row execute function private.block_page_follow();
-- Every instance drops its cached pages on 'block_pages'.
drop trigger if exists notify_site_change on public.block_pages;
create trigger notify_site_change
  after insert or update or delete or truncate on public.block_pages
  for each statement execute function private.notify_site_change();

-- Page SEO of pages not live yet ------------------------------------------------------------------
-- A draft's or a scheduled page's SEO record would tell anon the page is coming (its title, its
-- description): hidden until the page is live. Security definer: anon cannot read the draft.
create or replace function private.block_page_hidden(p_route text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.block_pages b
                  where b.route = p_route and not (b.published and (b.publish_at is null or b.publish_at <= now())))
$$;

drop policy if exists "anyone reads page seo" on public.page_seo_settings;
drop policy if exists "anon reads page seo of live pages" on public.page_seo_settings;
create policy "anon reads page seo of live pages" on public.page_seo_settings
  for select to anon using (not private.block_page_hidden(page_route));
drop policy if exists "users read page seo of live pages" on public.page_seo_settings;
create policy "users read page seo of live pages" on public.page_seo_settings
  for select to authenticated using (not private.block_page_hidden(page_route) or (select private.is_staff()));

-- Revisions and restore ----------------------------------------------------------------------------
alter table public.content_revisions drop constraint if exists content_revisions_entity_check;
alter table public.content_revisions add constraint content_revisions_entity_check
  check (entity in ('blog_post', 'page_seo', 'page_content', 'block_page'));

-- As in 20261205000300, for block pages too. A restore writes only the columns the caller may
-- write (a block page's system mark stays as it is).
create or replace function public.restore_revision(revision_id bigint) returns uuid
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  my_role text := private.staff_role();
  revision public.content_revisions%rowtype;
  target regclass;
  state jsonb;
  columns text;
  exists_now boolean;
  changed integer;
begin
  if my_role is null then
    raise exception using errcode = '42501', message = 'Only staff can restore a revision';
  end if;
  select * into revision from public.content_revisions r where r.id = revision_id;
  if not found then
    raise exception using errcode = 'PT404', message = format('Revision %s does not exist', revision_id),
      hint = 'It may have been removed by the retention limit';
  end if;
  target := case revision.entity when 'blog_post' then 'public.blog_posts'::regclass
                                 when 'block_page' then 'public.block_pages'::regclass
                                 else 'public.page_seo_settings'::regclass end;
  state := coalesce(revision.snapshot, revision.previous);
  if my_role = 'author' and (state ->> 'author_id') is distinct from private.request_user_id()::text then
    raise exception using errcode = '42501', message = 'An author can restore only revisions of their own posts';
  end if;
  execute format('select exists (select 1 from %s where id = $1)', target) into exists_now using revision.entity_id;
  -- The columns the revision holds, as the table has them now (names from the catalog).
  select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into columns
    from pg_attribute a
   where a.attrelid = target and a.attnum > 0 and not a.attisdropped
     and state ? a.attname::text
     and has_column_privilege(target, a.attnum, case when exists_now then 'UPDATE' else 'INSERT' end);
  perform set_config('claimbridge.restoring_revision', revision.id::text, true);
  if exists_now then
    execute format('update %1$s t set (%2$s) = (select %2$s from jsonb_populate_record(t, $1)) where t.id = $2',
                   target, columns)
      using state, revision.entity_id;
    get diagnostics changed = row_count;
    if changed = 0 then
      raise exception using errcode = '42501',
        message = 'An author can restore only revisions of their own drafts',
        hint = 'This post is published or scheduled: ask an editor';
    end if;
  elsif revision.entity = 'page_content' then
    raise exception using errcode = 'PT404',
      message = format('The page %s no longer exists', revision.entity_key),
      hint = 'Restore the page''s SEO record first';
  else
    execute format('insert into %1$s (id, %2$s) select $2, %2$s from jsonb_populate_record(null::%1$s, $1)',
                   target, columns)
      using state, revision.entity_id;
  end if;
  perform set_config('claimbridge.restoring_revision', '', true);
  return revision.entity_id;
end
$$;

-- Preview links ------------------------------------------------------------------------------------
-- A block page's link shows the page as saved, or with the blocks being edited (checked as a
-- save checks them).
alter table public.preview_links
  add column if not exists block_page_id uuid references public.block_pages (id) on delete cascade,
  add column if not exists blocks jsonb;
alter table public.preview_links drop constraint if exists preview_links_kind_check;
alter table public.preview_links add constraint preview_links_kind_check
  check (kind in ('post', 'page', 'block_page'));
alter table public.preview_links drop constraint if exists preview_links_block_page_check;
alter table public.preview_links add constraint preview_links_block_page_check
  check ((kind = 'block_page') = (block_page_id is not null) and (blocks is null or kind = 'block_page'));
create index if not exists preview_links_block_page on public.preview_links (block_page_id);
grant select (block_page_id) on public.preview_links to authenticated;

-- As in 20261205000300, with kind 'block_page' (its arguments added at the end, so the old calls
-- still name the same parameters): editors for any page, an author for their own draft.
drop function if exists public.create_preview_link(text, uuid, text, text, integer);
create or replace function public.create_preview_link(
  kind text, post_id uuid default null, page_route text default null, content text default null,
  expires_in_days integer default 7, block_page_id uuid default null, blocks jsonb default null)
returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  my_role text := private.staff_role();
  token text := replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '');
  link public.preview_links%rowtype;
  label text;
  post_author uuid;
  post_published boolean;
begin
  if my_role is null then
    raise exception using errcode = '42501', message = 'Only staff can create preview links';
  end if;
  if coalesce(expires_in_days, 0) not between 1 and 90 then
    raise exception using errcode = '22023', message = 'A preview link lasts from 1 to 90 days';
  end if;
  if kind = 'post' then
    select b.title, b.author_id, b.published into label, post_author, post_published
      from public.blog_posts b where b.id = create_preview_link.post_id;
    if not found then
      raise exception using errcode = 'PT404', message = 'Save the post before creating a preview link';
    end if;
    if my_role = 'author' and (post_author is distinct from private.request_user_id() or post_published) then
      raise exception using errcode = '42501', message = 'An author can preview only their own drafts';
    end if;
  elsif kind = 'page' then
    if my_role = 'author' then
      raise exception using errcode = '42501', message = 'An author cannot preview page changes';
    end if;
    if content is null then
      raise exception using errcode = '22023', message = 'A page preview needs the content to show';
    end if;
    select p.page_name into label from public.page_seo_settings p where p.page_route = create_preview_link.page_route;
    if not found then
      raise exception using errcode = 'PT404', message = format('No page is set up at %s', page_route);
    end if;
  elsif kind = 'block_page' then
    select b.name, b.author_id, b.published into label, post_author, post_published
      from public.block_pages b where b.id = create_preview_link.block_page_id;
    if not found then
      raise exception using errcode = 'PT404', message = 'Save the page before creating a preview link';
    end if;
    if my_role = 'author' and (post_author is distinct from private.request_user_id() or post_published) then
      raise exception using errcode = '42501', message = 'An author can preview only their own draft pages';
    end if;
    if blocks is not null then
      perform private.check_blocks(blocks);
    end if;
  else
    raise exception using errcode = '22023', message = 'kind must be post, page or block_page';
  end if;
  insert into public.preview_links
    (token_hash, kind, post_id, page_route, content, block_page_id, blocks, label, expires_at, session_id)
  values (encode(sha256(convert_to(token, 'UTF8')), 'hex'), kind,
          case when kind = 'post' then create_preview_link.post_id end,
          case when kind = 'page' then create_preview_link.page_route end,
          case when kind = 'page' then create_preview_link.content end,
          case when kind = 'block_page' then create_preview_link.block_page_id end,
          case when kind = 'block_page' then create_preview_link.blocks end,
          coalesce(label, ''), now() + make_interval(days => expires_in_days),
          (select a.session_id from private.request_actor() a))
  returning * into link;
  perform private.record_activity('preview_create',
    case kind when 'post' then 'blog_post' when 'block_page' then 'block_page' else 'page_content' end,
    coalesce(link.post_id::text, link.block_page_id::text, link.page_route), link.label,
    jsonb_build_object('preview_link', link.id, 'expires_at', link.expires_at));
  return json_build_object('id', link.id, 'token', token, 'expires_at', link.expires_at);
end
$$;

-- As in 20261127000100, with block pages: their route, name and blocks (the link's, else as saved).
create or replace function public.preview(token text) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  link public.preview_links%rowtype;
  page public.block_pages%rowtype;
begin
  select * into link from public.preview_links l
   where l.token_hash = encode(sha256(convert_to(coalesce(token, ''), 'UTF8')), 'hex');
  if not found then
    raise exception using errcode = 'PT404', message = 'This preview link is not valid';
  elsif link.revoked_at is not null then
    raise exception using errcode = 'PT404', message = 'This preview link was revoked';
  elsif link.expires_at <= now() then
    raise exception using errcode = 'PT404', message = 'This preview link has expired';
  end if;
  if link.kind = 'post' then
    return json_build_object('kind', 'post', 'expires_at', link.expires_at,
      'post', (select to_json(b) from public.blog_posts b where b.id = link.post_id));
  elsif link.kind = 'block_page' then
    select * into page from public.block_pages b where b.id = link.block_page_id;
    return json_build_object('kind', 'block_page', 'expires_at', link.expires_at, 'route', page.route,
      'name', page.name, 'blocks', coalesce(link.blocks, page.blocks));
  end if;
  return json_build_object('kind', 'page', 'expires_at', link.expires_at, 'page_route', link.page_route,
    'content', link.content,
    'page', (select to_jsonb(p) || jsonb_build_object('content', link.content)
               from public.page_seo_settings p where p.page_route = link.page_route));
end
$$;

-- Views, leads and conversion per page ------------------------------------------------------------
-- For the admin's page list: page views of each page's route from from_date to to_date (whole UTC
-- days) and the leads its lead form sent (source 'ClaimBridge landing page {route}', as
-- lib/leads/landing-source.ts names it). Any staff member; security definer because authors read
-- neither every page view nor the leads (only these counts come out).
create or replace function public.block_page_stats(from_date date, to_date date)
returns table (id uuid, route text, name text, views bigint, leads bigint, conversion_rate double precision)
language plpgsql stable security definer set search_path = ''
as $$
declare
  starts timestamptz;
  ends timestamptz;
begin
  if not private.is_staff() then
    raise exception using errcode = '42501', message = 'Only staff can see page statistics';
  end if;
  if from_date is null or to_date is null then
    raise exception using errcode = '22023', message = 'Give a first and a last day';
  end if;
  if to_date < from_date then
    raise exception using errcode = '22023', message = 'The last day is before the first day';
  end if;
  if to_date - from_date + 1 > 731 then
    raise exception using errcode = '22023', message = 'Choose at most two years';
  end if;
  starts := from_date::timestamp at time zone 'UTC';
  ends := (to_date + 1)::timestamp at time zone 'UTC';
  return query
  select b.id, b.route, b.name, v.views, l.leads,
         case when v.views = 0 then 0::double precision else l.leads::double precision / v.views end
    from public.block_pages b
    -- Counted as the analytics screen counts: people's views of a page that was there (no bots,
    -- no not-found views) and leads not marked as spam.
    cross join lateral (select count(*) as views from public.page_analytics a
                         where a.page_path = b.route and a.visited_at >= starts and a.visited_at < ends
                           and not a.not_found and not private.analytics_is_bot(a.user_agent)) v
    cross join lateral (select count(*) as leads from public.leads d
                         where d.source = 'ClaimBridge landing page ' || b.route
                           and d.received_at >= starts and d.received_at < ends
                           and d.spam_reason is null) l
   order by b.route;
end
$$;

revoke execute on function private.block_schema(), private.block_space(),
  private.block_field_problem(jsonb, jsonb, text), private.block_fields_problem(jsonb, jsonb, text),
  private.block_problem(jsonb), private.check_blocks(jsonb), private.block_route_problem(text),
  private.block_page_check(), private.block_page_changed(), private.block_page_follow(),
  private.page_route_redirects(), private.block_page_hidden(text) from public;
-- Trigger functions run as triggers only; the API roles fire them. The checks run in those
-- triggers (as the caller: the check trigger is security definer, the table's CHECK is not) and
-- in create_preview_link; the page SEO policies call block_page_hidden.
grant execute on function private.block_page_check(), private.block_page_changed(), private.block_page_follow(),
  private.page_route_redirects() to anon, authenticated, service_role;
grant execute on function private.block_route_problem(text), private.block_page_hidden(text)
  to anon, authenticated, service_role;
grant execute on function private.block_schema(), private.block_space(),
  private.block_field_problem(jsonb, jsonb, text), private.block_fields_problem(jsonb, jsonb, text),
  private.block_problem(jsonb), private.check_blocks(jsonb) to service_role;
revoke execute on function public.create_preview_link(text, uuid, text, text, integer, uuid, jsonb),
  public.preview(text), public.block_page_stats(date, date) from public, anon;
grant execute on function public.create_preview_link(text, uuid, text, text, integer, uuid, jsonb),
  public.block_page_stats(date, date) to authenticated, service_role;
grant execute on function public.preview(text) to anon, authenticated, service_role;
