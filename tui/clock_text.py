"""A clock as the exam and interview screens show it: whole minutes and seconds (m:ss)."""


def clock_text(seconds: float) -> str:
    whole = int(max(0.0, seconds))
    return f"{whole // 60}:{whole % 60:02d}"
