"""Documents for the documents tests: a Markdown runbook, and a one-page PDF written by hand."""

from __future__ import annotations

RUNBOOK = "# Billing runbook\n\n" + "\n\n".join(
    f"## Step {i}\n\nThe billing service step {i} restarts the ledger worker on port {8400 + i}, "
    f"then checks the queue depth dashboard named panel-{i} before moving on. " * 3
    for i in range(12)
)


def tiny_pdf(lines: list[str]) -> bytes:
    """A valid one-page PDF with `lines` in Helvetica (no PDF writer needed)."""
    stream = "BT /F1 12 Tf 72 720 Td 14 TL " + " ".join(f"({line}) Tj T*" for line in lines) + " ET"
    objects = [
        "<< /Type /Catalog /Pages 2 0 R >>",
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R"
        " /Resources << /Font << /F1 5 0 R >> >> >>",
        f"<< /Length {len(stream)} >>\nstream\n{stream}\nendstream",
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ]
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += f"{number} 0 obj\n{body}\nendobj\n".encode()
    xref = len(out)
    out += f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode()
    out += b"".join(f"{offset:010d} 00000 n \n".encode() for offset in offsets)
    out += f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    return out
