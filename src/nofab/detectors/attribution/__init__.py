"""Attribution: numbers and names checked against the record the answer says they belong to.

Modules, one noun each: ``vocabulary`` (the profile's words, validated), ``mentions`` (where
a record is named), ``fields`` (which field a number speaks of), ``binding`` (which record a
number is attributed to), ``checks`` (one number against its record), ``pairs`` (a pair of
numbers), ``relations`` (membership and contests), ``names`` (names no record holds),
``values`` (comparing written and held numbers), ``detector`` (the detector itself).
"""

from nofab.detectors.attribution.detector import AttributionDetector

__all__ = ["AttributionDetector"]
